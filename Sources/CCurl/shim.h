#ifndef MADI_CCURL_SHIM_H
#define MADI_CCURL_SHIM_H
/* libcurl's API as its headers declare it (libcurl4-openssl-dev). The library itself is not
   linked: CCurlLoader opens it on the first LLM call. */
#include <curl/curl.h>
#endif
