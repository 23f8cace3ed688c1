"""A library function a header renames only for another platform (Jansson's jansson_private.h:
`#define snprintf _snprintf`, once under `#if defined(_MSC_VER)` and once in its `#else`, both inside
`#if defined(_WIN32) || defined(WIN32)`, which no file of the project defines): in the default build
neither macro exists, so `snprintf(...)` calls the C library, as clang says, not the macro."""
from __future__ import annotations

from langcases import call_targets, indexed_workspace

PRIVATE = """#ifndef JANSSON_PRIVATE_H
#define JANSSON_PRIVATE_H

#include <stdarg.h>
#include "jansson.h"

void jsonp_error_set(json_error_t *error, int line, int column, size_t position, const char *msg, ...);

/* Windows compatibility */
#if defined(_WIN32) || defined(WIN32)
#if defined(_MSC_VER) /* MS compiller */
#if (_MSC_VER < 1900) &&                                                                 \\
    !defined(snprintf) /* snprintf not defined yet & not introduced */
#define snprintf _snprintf
#endif
#if (_MSC_VER < 1500) &&                                                                 \\
    !defined(vsnprintf) /* vsnprintf not defined yet & not introduced */
#define vsnprintf(b, c, f, a) _vsnprintf(b, c, f, a)
#endif
#else /* Other Windows compiller, old definition */
#define snprintf  _snprintf
#define vsnprintf _vsnprintf
#endif
#endif

#endif
"""

FILES = {
    "src/jansson.h": "#ifndef JANSSON_H\n#define JANSSON_H\n#include <stdio.h>\ntypedef struct json_error_t json_error_t;\n#endif\n",
    "src/jansson_private.h": PRIVATE,
    "src/dump.c": """#include <stdio.h>
#include "jansson_private.h"

static int dump_real(double value, char *buffer, size_t size) {
    int ret = snprintf(buffer, size, "%.17g", value);
    return ret;
}
""",
    "src/error.c": """#include <stdarg.h>
#include "jansson_private.h"

void jsonp_error_vset(char *text, size_t size, const char *msg, va_list ap) {
    vsnprintf(text, size, msg, ap);
}
""",
}


def test_a_shim_defined_only_for_another_platform_leaves_the_library_call(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert call_targets(work, "src/dump.c", "snprintf") == {("external", None, None)}
    assert call_targets(work, "src/error.c", "vsnprintf") == {("external", None, None)}
