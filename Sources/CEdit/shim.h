#ifndef MADI_CEDIT_SHIM_H
#define MADI_CEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>

/// Before the first readline call: libedit reads keys through `getc` (which may return a whole
/// code point), and leaves signals to the program (its own handlers would re-raise them to the
/// whole process group).
static inline void madi_edit_setup(int (*getc)(FILE *)) {
    rl_catch_signals = 0;
    rl_getc_function = getc;
}
#endif
