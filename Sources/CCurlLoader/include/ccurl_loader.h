#ifndef MADI_CCURL_LOADER_H
#define MADI_CCURL_LOADER_H
#include <curl/curl.h>

/*
 * libcurl is opened on first use (dlopen), not linked: the LLM is optional, and mapping libcurl
 * with the forty libraries it depends on (TLS, Kerberos, LDAP, ...) cost about 8 ms at every
 * start of Madi, most of a bare start. The declarations come from libcurl's own headers (the
 * CCurl system library, libcurl4-openssl-dev); the functions are looked up once, by name, in
 * libcurl.so.4, or in the file $MADI_LIBCURL names. The state lives in this target's one object
 * file, so that every caller sees the same loaded library.
 */

/* Opens libcurl once (thread-safe). Returns NULL when it is usable, else why it is not. */
const char *madi_curl_load(void);

/* The calls Madi makes, through the looked-up functions (only after madi_curl_load succeeded).
   curl_easy_setopt and curl_easy_getinfo are variadic: Swift calls these typed wrappers. */
CURL *madi_curl_easy_init(void);
CURLcode madi_curl_easy_perform(CURL *h);
void madi_curl_easy_cleanup(CURL *h);
void madi_curl_easy_reset(CURL *h);
const char *madi_curl_easy_strerror(CURLcode c);
struct curl_slist *madi_curl_slist_append(struct curl_slist *l, const char *s);
void madi_curl_slist_free_all(struct curl_slist *l);

CURLcode madi_curl_set_long(CURL *h, CURLoption o, long v);
CURLcode madi_curl_set_string(CURL *h, CURLoption o, const char *v);
CURLcode madi_curl_set_pointer(CURL *h, CURLoption o, void *v);
CURLcode madi_curl_set_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode madi_curl_set_write(CURL *h, size_t (*f)(char *, size_t, size_t, void *));
CURLcode madi_curl_set_header(CURL *h, size_t (*f)(char *, size_t, size_t, void *));
CURLcode madi_curl_set_progress(CURL *h, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
long madi_curl_status(CURL *h);
#endif
