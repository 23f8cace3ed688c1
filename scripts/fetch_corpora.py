#!/usr/bin/env python3
"""Fetch the pinned benchmark corpora (sdists from PyPI, package tarballs from npm — TypeScript, and
Java in cordova-android's framework/ — Go and Rust sources from Debian packages, Java from a Debian
source package's upstream tarball) into a cache outside the repository.

Usage: python scripts/fetch_corpora.py [NAME ...]   (default: all)
Cache: $GRAPHMIND_CORPORA or ~/.cache/graphmind-corpora/<name>-<version>/
Prints one JSON line per corpus: name, version, path, sha256 of the archive.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

# name -> (PyPI project, pinned version)
CORPORA = {
    "django": ("Django", "5.2.8"),
    "flask": ("Flask", "3.1.2"),
    "requests": ("requests", "2.32.5"),
    "sympy": ("sympy", "1.14.0"),
    # Java: JPype's sdist carries its Java half (native/java, org.jpype), which compiles with the JDK
    # alone, so javac can be the oracle (scripts/score_java_oracle.py)
    "jpype": ("JPype1", "1.5.0"),
    # C and C++ for the libclang oracle (scripts/score_c_oracle.py): sdists that vendor their library
    "brotli": ("Brotli", "1.1.0"),          # C: Google's brotli (c/common, c/dec, c/enc)
    "ujson": ("ujson", "5.10.0"),           # C++: deps/double-conversion (classes and inline methods in .h)
    "jsonnet": ("jsonnet", "0.20.0"),       # C++: core/ (the Jsonnet interpreter); tuned on since
    # held out from tuning (scored once): C in lz4libs/ (LZ4, LZ4HC, LZ4F, xxHash), C++ in
    # marisa-trie/lib/ (the marisa-trie library; src/ holds the generated Cython module)
    "lz4": ("lz4", "4.4.5"),
    "marisa-trie": ("marisa-trie", "1.4.1"),
    # held out in session 17 (scored once): C in misaka's vendored Hoedown (misaka/hoedown or src/),
    # C++ in fastText's sources (src/), as fasttext's sdist ships them
    "misaka": ("misaka", "2.1.1"),
    "fasttext": ("fasttext", "0.9.3"),
    # held out in session 18 (scored once): C++ in Clipper (pyclipper's src/) and Annoy (src/), C in
    # pyahocorasick's automaton (src/). SentencePiece (sentencepiece/src) was fetched too, but clang
    # cannot parse it: its sdist ships neither Abseil nor the generated protobuf headers it includes
    "sentencepiece": ("sentencepiece", "0.2.3"),
    "annoy": ("annoy", "1.17.3"),
    "pyclipper": ("pyclipper", "1.4.0"),
    "pyahocorasick": ("pyahocorasick", "2.3.1"),
    # held out in session 19 (scored once): C and C++ in CRFsuite as python-crfsuite vendors it
    # (crfsuite/: the C library, cqdb, its frontend, and the C++ API of crfsuite_api.hpp), C++ in TLSH
    # as py-tlsh ships it (src/, include/). Tried and dropped before any scoring: hnswlib (its one unit
    # needs pybind11's headers), cmarkgfm (its C sits in third_party/, which graphmind skips), DAWG2
    # (dawgdic is headers only, its one unit Cython's output)
    "python-crfsuite": ("python-crfsuite", "0.9.12"),
    "py-tlsh": ("py-tlsh", "5.0.0"),
    # held out in session 20 (scored once): C++ in greenlet (src/greenlet/, greenlet.cpp including the
    # other sources as one unit), C++ in python-rapidjson (rapidjson.cpp and RapidJSON's headers it
    # ships in rapidjson/include), C in Zstandard's library as the zstd package vendors it (zstd/lib)
    "greenlet": ("greenlet", "3.1.1"),
    "python-rapidjson": ("python-rapidjson", "1.25"),
    "zstd": ("zstd", "1.5.6.1"),
    # held out in session 21 (scored once): C++ in edlib (edlib/src/edlib.cpp and its header, as the edlib
    # sdist vendors them) and in kiwisolver (kiwi/: the Kiwi Cassowary solver's headers, py/src/: the module
    # over it; cppy's headers are not shipped). Tried and dropped before any scoring: scikit-fmm and cityhash
    # (Cython's output beside their C++ in one folder)
    "edlib": ("edlib", "1.3.9.post1"),
    "kiwisolver": ("kiwisolver", "1.5.1"),
    # held out in session 22 (scored once): C++ in fastnumbers (src/cpp/ and include/fastnumbers/, the
    # fast_float headers it vendors in include/)
    "fastnumbers": ("fastnumbers", "5.1.1"),
    # held out in session 22 (scored once): C in bitarray (bitarray/: _bitarray.c, _util.c and their headers).
    # Tried and dropped before any scoring: ruamel.yaml.clib (Cython's output beside LibYAML in one folder)
    "bitarray": ("bitarray", "3.12.3"),
    # typed Python for the pyright oracle (scripts/score_python_types.py): rich is tuned on; httpx and
    # starlette are held out, scored once
    "rich": ("rich", "14.0.0"),
    "httpx": ("httpx", "0.28.1"),
    "starlette": ("starlette", "0.46.2"),
    # held out from tuning in session 17 (scored once, at the end), Starlette being seen by then
    "structlog": ("structlog", "26.1.0"),
    "tomlkit": ("tomlkit", "0.15.3"),
    # held out from tuning in session 18 (scored once, at the end), structlog and tomlkit being seen by then
    "packaging": ("packaging", "24.2"),
    "pluggy": ("pluggy", "1.5.0"),
    "attrs": ("attrs", "24.3.0"),
}

# name -> (npm package, pinned version): packages that ship their TypeScript sources (src/*.ts)
NPM_CORPORA = {
    "rxjs": ("rxjs", "7.8.2"),
    "effect": ("effect", "3.10.0"),
    # held out from tuning (scored once): zod's sources, and @effect/platform (variance annotations)
    "zod": ("zod", "4.6.7"),
    "effect-platform": ("@effect/platform", "0.97.2"),
    # Java: Apache Cordova's Android framework ships its Java sources in the npm package (framework/src)
    "cordova-android": ("cordova-android", "13.0.0"),
    # held out from tuning in session 17 (scored once): MobX's TypeScript sources (src/)
    "mobx": ("mobx", "7.1.3"),
    # held out from tuning in session 18 (scored once, at the end): immer, TanStack Query's core and
    # the tRPC server, each shipping its TypeScript sources (src/)
    "immer": ("immer", "11.2.14"),
    "tanstack-query-core": ("@tanstack/query-core", "5.108.4"),
    "trpc-server": ("@trpc/server", "11.25.2"),
    # held out from tuning in session 19 (scored once, at the end): Redux Toolkit and TanStack Form's core,
    # each shipping its TypeScript sources (src/)
    "reduxjs-toolkit": ("@reduxjs/toolkit", "2.14.0"),
    "tanstack-form-core": ("@tanstack/form-core", "4.0.2"),
    # held out from tuning in session 20 (scored once, at the end): ProseMirror's document model and
    # Tiptap's core, each shipping its TypeScript sources (src/)
    "prosemirror-model": ("prosemirror-model", "1.25.13"),
    "tiptap-core": ("@tiptap/core", "3.35.0"),
    # held out from tuning in session 21 (scored once, at the end): TanStack Router's core and ProseMirror's
    # transforms (the same author as prosemirror-model, seen by then), each shipping its TypeScript sources (src/)
    "tanstack-router-core": ("@tanstack/router-core", "1.171.39"),
    "prosemirror-transform": ("prosemirror-transform", "1.12.7"),
    # held out from tuning in session 22 (scored once, at the end): TanStack DB, shipping its TypeScript sources (src/)
    "tanstack-db": ("@tanstack/db", "0.15.2"),
    # held out from tuning in session 23 (scored once, at the end): TanStack Table's core, the last version to ship its TypeScript sources (src/; 9.x ships dist only)
    "tanstack-table-core": ("@tanstack/table-core", "8.21.3"),
    # held out from tuning in session 24 (scored once, on main, before reading): TanStack Virtual's core (src/)
    "tanstack-virtual-core": ("@tanstack/virtual-core", "3.19.13"),
}

# name -> (Debian package, pinned version, folder of sources it installs): Go and Rust library
# sources as Debian ships them (golang-*-dev, librust-*-dev); installed with apt-get, copied here.
DEB_CORPORA = {
    "goyaml": ("golang-gopkg-yaml.v3-dev", "3.0.1-3", "/usr/share/gocode/src/gopkg.in/yaml.v3"),
    "regex-syntax": ("librust-regex-syntax-dev", "0.6.27-1", "/usr/share/cargo/registry/regex-syntax-0.6.27"),
    # Go held out from tuning (scripts/score_go_oracle.py, a module of several packages, standard library only)
    "go-cmp": ("golang-github-google-go-cmp-dev", "0.5.9-1", "/usr/share/gocode/src/github.com/google/go-cmp"),
    # held out in session 18 (scored once): spf13/pflag, one package, standard library only
    "pflag": ("golang-github-spf13-pflag-dev", "1.0.6~git20210604-d5e0c0615ace-1",
              "/usr/share/gocode/src/github.com/spf13/pflag"),
    # held out in session 19 (scored once): BurntSushi/toml, a module of several packages, standard library only
    "burntsushi-toml": ("golang-github-burntsushi-toml-dev", "1.2.0-2",
                        "/usr/share/gocode/src/github.com/BurntSushi/toml"),
    # held out in session 20 (scored once): davecgh/go-spew (package spew) and gorilla/mux, standard library only
    "go-spew": ("golang-github-davecgh-go-spew-dev", "1.1.1-3", "/usr/share/gocode/src/github.com/davecgh/go-spew"),
    "gorilla-mux": ("golang-github-gorilla-mux-dev", "1.8.0-1", "/usr/share/gocode/src/github.com/gorilla/mux"),
    # held out in session 21 (scored once): russross/blackfriday v2 and hashicorp/hcl v1, standard library only
    "blackfriday": ("golang-github-russross-blackfriday-v2-dev", "2.1.0-1",
                    "/usr/share/gocode/src/github.com/russross/blackfriday/v2"),
    "hcl": ("golang-github-hashicorp-hcl-dev", "1.0.0-1.1", "/usr/share/gocode/src/github.com/hashicorp/hcl"),
    # held out in session 22 (scored once): google/uuid, one package, standard library only. Tried and dropped
    # before any figure: gobwas/glob (Debian ships it without its go.mod, so the oracle finds no module)
    "google-uuid": ("golang-github-google-uuid-dev", "1.3.0-1", "/usr/share/gocode/src/github.com/google/uuid"),
    # held out in session 23 (scored once): mitchellh/mapstructure, one package, standard library only (only
    # 38 of its 514 sites call into the project), and yuin/goldmark, a module of several packages, standard library only
    "mapstructure": ("golang-github-mitchellh-mapstructure-dev", "1.5.0-2",
                     "/usr/share/gocode/src/github.com/mitchellh/mapstructure"),
    "goldmark": ("golang-github-yuin-goldmark-dev", "1.5.4-1", "/usr/share/gocode/src/github.com/yuin/goldmark"),
    # held out in session 24 (scored once): gomarkdown/markdown, a module of several packages (ast nodes embed
    # Container/Leaf, renderers behind interfaces), standard library only
    "gomarkdown": ("golang-github-gomarkdown-markdown-dev", "0.0~git20220731.dcdaee8-2",
                   "/usr/share/gocode/src/github.com/gomarkdown/markdown"),
}

# name -> (Debian source package, pinned version): upstream sources as Debian keeps them (the
# .orig.tar.gz that `apt-get source --download-only` brings; needs a `deb-src` line in apt's sources).
# Java held out from tuning (scripts/score_java_oracle.py): compiles with the JDK alone (src/main/java).
DEB_SRC_CORPORA = {
    "commons-io": ("commons-io", "2.11.0-2"),
    "commons-codec": ("libcommons-codec-java", "1.15-1"),     # held out in session 17 (scored once)
    "commons-lang3": ("libcommons-lang3-java", "3.12.0-2+deb12u1"),   # held out in session 18 (scored once)
    "commons-collections4": ("libcommons-collections4-java", "4.2-1"),  # held out in session 19 (scored once)
    "joda-convert": ("joda-convert", "2.2.2-1"),              # held out in session 20 (scored once)
    "jsoup": ("jsoup", "1.15.3-1"),                           # held out in session 20 (scored once)
    "javapoet": ("javapoet", "1.13.0-1"),                     # held out in session 21 (scored once)
    "jcommander": ("jcommander", "1.71-4"),                   # held out in session 22 (scored once)
    # C++ held out in session 23 (scored once): TinyXML-2 (tinyxml2.cpp, its header and xmltest.cpp)
    "tinyxml2": ("tinyxml2", "9.0.0+dfsg-3.1"),
    "commons-csv": ("commons-csv", "1.9.0-1"),                # held out in session 23 (scored once)
    # C held out in session 23 (scripts/score_c_oracle.py, scored once): LibYAML (src/, include/yaml.h)
    "libyaml": ("libyaml", "0.2.5-1"),
    # held out in session 24 (scored once): Jansson (C, src/) and args4j (Java, args4j/src, JDK alone). Tried
    # and dropped before any figure: snakeyaml, xz-java, javaewah, msgpack-java (the mirror returns 404)
    "jansson": ("jansson", "2.14-2"),
    "args4j": ("args4j", "2.33-2"),
    # C++ held out in session 24 (scored once): JsonCpp (src/: lib_json, its tests and test runner; include/json)
    "jsoncpp": ("libjsoncpp", "1.9.5-4"),
}


def cache_dir() -> Path:
    return Path(os.environ.get("GRAPHMIND_CORPORA", Path.home() / ".cache" / "graphmind-corpora"))


def _pinned(name: str) -> tuple[str, str]:
    """(project or package, version) of a corpus, whichever table names it."""
    for table in (CORPORA, NPM_CORPORA, DEB_CORPORA, DEB_SRC_CORPORA):
        if name in table:
            return table[name][:2]
    raise KeyError(name)


def corpus_path(name: str) -> Path:
    """Where a fetched corpus's source tree is (the unpacked sdist's top folder)."""
    return cache_dir() / f"{name}-{_pinned(name)[1]}"


def _deb_source(name: str, tmp: Path) -> Path:
    """`apt-get source --download-only` a pinned Debian source package into tmp; its .orig tarball."""
    package, version = DEB_SRC_CORPORA[name]
    done = subprocess.run(["apt-get", "source", "--download-only", f"{package}={version}"],
                          stdout=subprocess.DEVNULL, cwd=tmp)
    found = next(tmp.glob(f"{package}_*.orig.tar.*"), None)   # the mirror may miss only the .debian part
    if found is None:
        raise subprocess.CalledProcessError(done.returncode, done.args)
    return found


def _deb_copy(name: str, dest: Path) -> dict:
    """Install a pinned Debian package (apt-get, as root) and copy its source folder to dest."""
    package, version, folder = DEB_CORPORA[name]
    installed = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    if installed.returncode != 0 or installed.stdout.strip() != version:
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", f"{package}={version}"],
                       check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    import shutil
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(folder, dest, symlinks=False)
    digest = hashlib.sha256()
    for path in sorted(p for p in dest.rglob("*") if p.is_file()):
        digest.update(path.relative_to(dest).as_posix().encode() + b"\0" + path.read_bytes())
    return {"archive": f"{package}_{version}", "sha256": digest.hexdigest()}


def _npm_pack(name: str, dest: Path) -> Path:
    """`npm pack` a pinned package into dest; the tarball's path (the npm registry, no install)."""
    package, version = NPM_CORPORA[name]
    subprocess.run(["npm", "pack", f"{package}@{version}", "--silent", "--pack-destination", str(dest)],
                   check=True, stdout=subprocess.DEVNULL)
    return next(dest.glob("*.tgz"))


def fetch(name: str) -> dict:
    project, version = _pinned(name)
    dest = corpus_path(name)
    marker = dest / ".fetched"
    if not marker.exists() and name in DEB_CORPORA:
        meta = _deb_copy(name, dest)
        marker.write_text(json.dumps(meta))
    if not marker.exists():
        with tempfile.TemporaryDirectory() as tmp:
            if name in NPM_CORPORA:
                archive = _npm_pack(name, Path(tmp))
            elif name in DEB_SRC_CORPORA:
                archive = _deb_source(name, Path(tmp))
            else:
                # the project's sdist (its build dependencies may come as wheels: built from source they
                # take minutes and are not needed to read the sources)
                subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", project,
                                "-d", tmp, f"{project}=={version}"],
                               check=True, stdout=subprocess.DEVNULL)
                archive = next(Path(tmp).iterdir())
            digest = hashlib.sha256(archive.read_bytes()).hexdigest()
            unpack = Path(tmp) / "unpacked"
            if archive.name.endswith(".zip"):
                zipfile.ZipFile(archive).extractall(unpack)
            else:
                with tarfile.open(archive) as tf:
                    tf.extractall(unpack, filter="data")
            top = next(unpack.iterdir())
            dest.parent.mkdir(parents=True, exist_ok=True)
            if dest.exists():
                import shutil
                shutil.rmtree(dest)
            top.rename(dest)
            marker.write_text(json.dumps({"archive": archive.name, "sha256": digest}))
    meta = json.loads(marker.read_text())
    return {"name": name, "version": version, "path": str(dest), **meta}


def main(argv: list[str]) -> None:
    for name in argv or [*CORPORA, *NPM_CORPORA, *DEB_CORPORA, *DEB_SRC_CORPORA]:
        print(json.dumps(fetch(name)))


if __name__ == "__main__":
    main(sys.argv[1:])
