"""Windows implementation."""


def spawn(cmd):
    return ["cmd.exe", "/c", cmd]


def quote(arg):
    return '"' + arg.replace('"', '""') + '"'
