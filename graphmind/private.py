"""graphmind's own folders and files (`.graphmind/`, the extraction cache's folder, the socket folder):
created and opened without following links, their owner and mode checked, no more readable than the
workspace. A repository may ship a `.graphmind/` holding links to files outside it; graphmind refuses
such a folder instead of writing through them (docs/architecture.md, "Files graphmind writes")."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from graphmind import config
from graphmind.errors import IndexNotWritableError, SpecialFileError, UnsafeFolderError

_FLAGS = os.O_NOFOLLOW | os.O_CLOEXEC


def modes_for(root: Path) -> tuple[int, int]:
    """The modes of a folder graphmind makes for a workspace and of the files in it: 0700 and 0600,
    whatever the umask and the workspace's own mode (an index of private code is readable by its owner
    only, even in a workspace others may read; issue 36). `root` is kept for the callers' sake."""
    return 0o700, 0o600


def index_dir(root: Path, create: bool = True) -> Path:
    """A workspace's `.graphmind/`, checked (and made when create is set): see own_dir."""
    folder, files = modes_for(root)
    return own_dir(root / config.INDEX_DIR, folder, files, create=create)


def own_dir(path: Path, mode: int, file_mode: int | None = None, *, create: bool = True) -> Path:
    """path as a folder of this user's holding no links nor anything another user owns; made with `mode`
    when missing. With file_mode, bits beyond mode and file_mode are taken away from the folder and its
    files; without, a folder others can reach is refused (the socket folder in /tmp)."""
    made = False
    try:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | _FLAGS)
        except FileNotFoundError:
            if not create:
                return path
            try:
                os.mkdir(path, 0o700)
                made = True
            except FileExistsError:
                pass                                     # made meanwhile: checked all the same
            except OSError as exc:
                if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                    raise IndexNotWritableError(f"({path} cannot be made: {exc.strerror})") from None
                raise
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | _FLAGS)
    except OSError as exc:
        raise UnsafeFolderError(_why_not(path, exc)) from None
    try:
        st = os.fstat(fd)
        _check_owner(path, st)
        if made:
            os.fchmod(fd, mode)                            # exactly `mode`, whatever the umask
        elif stat.S_IMODE(st.st_mode) & ~mode:
            if file_mode is None:
                raise UnsafeFolderError(f"{path} has mode {stat.S_IMODE(st.st_mode):04o}: it must be {mode:04o}")
            os.fchmod(fd, stat.S_IMODE(st.st_mode) & mode)
        with os.scandir(fd) as entries:
            for entry in entries:
                _check_entry(path, fd, entry, file_mode)
    finally:
        os.close(fd)
    return path


def _why_not(path: Path, exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(path):
        return f"{path} is a symbolic link"
    if exc.errno == errno.ENOTDIR:
        return f"{path} is not a folder"
    return f"{path}: {exc.strerror}"


def _check_owner(path: Path | str, st: os.stat_result) -> None:
    if st.st_uid != os.geteuid():
        raise UnsafeFolderError(f"{path} belongs to another user (uid {st.st_uid})")


def _check_entry(folder: Path, fd: int, entry: os.DirEntry, file_mode: int | None) -> None:
    if entry.is_symlink():
        raise UnsafeFolderError(f"{folder / entry.name} is a symbolic link")
    try:
        st = entry.stat(follow_symlinks=False)
    except FileNotFoundError:                            # gone since the listing (a WAL file SQLite removed)
        return
    if st.st_uid != os.geteuid():
        _check_owner(folder / entry.name, st)
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        raise SpecialFileError(str(folder / entry.name))     # opening it could block (a FIFO) or worse
    if stat.S_ISREG(st.st_mode):
        if st.st_nlink > 1:
            raise UnsafeFolderError(f"{folder / entry.name} has other hard links")
        if file_mode is not None and stat.S_IMODE(st.st_mode) & ~file_mode:
            try:
                os.chmod(entry.name, stat.S_IMODE(st.st_mode) & file_mode, dir_fd=fd)
            except FileNotFoundError:
                pass


def open_own(path: Path, flags: int, mode: int = 0o600) -> int:
    """A descriptor of a file in one of graphmind's folders, opened without following a link and without
    blocking (a FIFO put in its place would block an open for reading until a writer comes); anything
    but a regular file of this user's with one name is refused."""
    try:
        fd = os.open(path, flags | _FLAGS | os.O_NONBLOCK, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeFolderError(f"{path} is a symbolic link") from None
        if exc.errno == errno.ENXIO:                   # a FIFO opened for writing with no reader
            raise SpecialFileError(str(path)) from None
        raise
    try:
        st = os.fstat(fd)
        _check_owner(path, st)
        if not stat.S_ISREG(st.st_mode):
            raise SpecialFileError(str(path))
        if st.st_nlink > 1:
            raise UnsafeFolderError(f"{path} has other hard links")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def plain_or_missing(path: Path | str) -> None:
    """Refuse a path of graphmind's that exists but is not a plain file (checked with lstat before a
    library opens it by name: SQLite, a log handler), naming it; a link is refused too."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeFolderError(f"{path} is a symbolic link")
    if not stat.S_ISREG(st.st_mode):
        raise SpecialFileError(str(path))


def write_own(path: Path, text: str, mode: int = 0o600) -> None:
    """Replace the content of one of graphmind's small files (pid, fence), never through a link."""
    fd = open_own(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w") as fh:
        fh.write(text)


def replace_own(folder: str, name: str, data: bytes, mode: int) -> None:
    """Replace one of graphmind's files in `folder` whole (written beside it, then renamed over it):
    a reader sees the old content or the new, never half of it."""
    tmp = os.path.join(folder, f"{name}.{os.getpid()}")
    try:
        fd = open_own(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_own(path: str) -> bytes | None:
    """The content of one of graphmind's files, or None when it is missing, unreadable or not safe."""
    try:
        fd = open_own(path, os.O_RDONLY)
    except (OSError, UnsafeFolderError):
        return None
    try:
        with os.fdopen(fd, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def create_own(path: Path, mode: int, text: str | None = None) -> bool:
    """Make a file of graphmind's unless it exists (never through a link); whether it was made."""
    try:
        fd = open_own(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as fh:
        fh.write(text or "")
    return True
