#ifndef MADI_CEDIT_SHIM_H
#define MADI_CEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>
#endif
