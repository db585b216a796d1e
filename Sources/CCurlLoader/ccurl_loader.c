#include "ccurl_loader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

typedef struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int loaded;
    char error[256];
} madi_curl_library;

static madi_curl_library madi_curl;

static void madi_curl_note(const char *what, const char *detail) {
    size_t i = 0;
    for (const char *p = what; *p && i < sizeof madi_curl.error - 1; p++) madi_curl.error[i++] = *p;
    for (const char *p = detail ? detail : ""; *p && i < sizeof madi_curl.error - 1; p++) madi_curl.error[i++] = *p;
    madi_curl.error[i] = 0;
}

static void madi_curl_open(void) {
    /* MADI_LIBCURL names another libcurl (a path), for systems that keep it elsewhere. */
    const char *path = getenv("MADI_LIBCURL");
    void *lib;
    if (path && *path) {
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    } else {
        lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (!lib) lib = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    }
    if (!lib) { madi_curl_note("", dlerror()); return; }
#define MADI_CURL_SYMBOL(field, name) \
    *(void **)(&madi_curl.field) = dlsym(lib, name); \
    if (!madi_curl.field) { madi_curl_note("libcurl lacks ", name); return; }
    MADI_CURL_SYMBOL(global_init, "curl_global_init")
    MADI_CURL_SYMBOL(easy_init, "curl_easy_init")
    MADI_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    MADI_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    MADI_CURL_SYMBOL(easy_perform, "curl_easy_perform")
    MADI_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    MADI_CURL_SYMBOL(easy_reset, "curl_easy_reset")
    MADI_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    MADI_CURL_SYMBOL(slist_append, "curl_slist_append")
    MADI_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
#undef MADI_CURL_SYMBOL
    if (madi_curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) { madi_curl_note("curl_global_init failed", NULL); return; }
    madi_curl.loaded = 1;
}

const char *madi_curl_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, madi_curl_open);
    return madi_curl.loaded ? NULL : madi_curl.error;
}

CURL *madi_curl_easy_init(void) { return madi_curl.easy_init(); }
CURLcode madi_curl_easy_perform(CURL *h) { return madi_curl.easy_perform(h); }
void madi_curl_easy_cleanup(CURL *h) { madi_curl.easy_cleanup(h); }
void madi_curl_easy_reset(CURL *h) { madi_curl.easy_reset(h); }
const char *madi_curl_easy_strerror(CURLcode c) { return madi_curl.easy_strerror(c); }
struct curl_slist *madi_curl_slist_append(struct curl_slist *l, const char *s) { return madi_curl.slist_append(l, s); }
void madi_curl_slist_free_all(struct curl_slist *l) { madi_curl.slist_free_all(l); }

CURLcode madi_curl_set_long(CURL *h, CURLoption o, long v) { return madi_curl.easy_setopt(h, o, v); }
CURLcode madi_curl_set_string(CURL *h, CURLoption o, const char *v) { return madi_curl.easy_setopt(h, o, v); }
CURLcode madi_curl_set_pointer(CURL *h, CURLoption o, void *v) { return madi_curl.easy_setopt(h, o, v); }
CURLcode madi_curl_set_slist(CURL *h, CURLoption o, struct curl_slist *v) { return madi_curl.easy_setopt(h, o, v); }
CURLcode madi_curl_set_write(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return madi_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
CURLcode madi_curl_set_header(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return madi_curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
CURLcode madi_curl_set_progress(CURL *h, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return madi_curl.easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}
long madi_curl_status(CURL *h) {
    long code = 0;
    madi_curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
