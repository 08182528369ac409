/*
 * CTWContainment.h — what twhost needs below Swift to contain plugin code
 * running in its own process (SPEC A-12): a per-thread marker of the plugin
 * call in progress, a crash handler on an alternate stack, an exit hook and a
 * watchdog. Everything a signal handler touches is plain C, preformatted or
 * immutable, so the handler only copies bytes, calls write(2) and _exit(2).
 *
 * The marker (twc_enter/twc_leave) is always available and costs a few stores;
 * the handlers, the hook and the watchdog exist only after twc_install, which
 * only the twhost executable calls (never a test process, whose own crash
 * handling the tests rely on).
 */
#ifndef CTW_CONTAINMENT_H
#define CTW_CONTAINMENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a plugin call is about; immutable and never freed once made. */
typedef struct twc_site {
    const char *plugin;  /* the plugin's name (or the file, while loading) */
    const char *subject; /* a registration name, or a file path */
} twc_site;

/** Steps of plugin code, each with its own wording in messages. */
enum {
    TWC_STEP_LOADING = 1,      /* dlopen: the library's constructors */
    TWC_STEP_ENTRY = 2,        /* tw_plugin_entry */
    TWC_STEP_DEFAULT_PARSE = 3,/* a parser reading its registration's default, at load */
    TWC_STEP_FACTORY_ACTIVE = 4,
    TWC_STEP_FACTORY_INACTIVE = 5,
    TWC_STEP_PARSER = 6,
    TWC_STEP_UTILITY = 7,
    TWC_STEP_PRESET = 8,
};

/** The marker a call replaced; give it back to twc_leave. */
typedef struct twc_mark {
    const twc_site *site;
    int32_t step;
} twc_mark;

/**
 * Marks the calling thread as running plugin code for `site` and `step`.
 * Async-signal-safe to read; cheap enough for every factory call.
 */
twc_mark twc_enter(const twc_site *site, int32_t step);

/** Ends the plugin call `twc_enter` started, restoring the previous marker. */
void twc_leave(twc_mark previous);

/**
 * Installs, once per process: handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGABRT and SIGTRAP on an alternate stack (a fault outside plugin code goes
 * on to the handler that was there before); an exit hook that turns exit()
 * from plugin code into exit status 2; SIGPIPE ignored, so that a closed pipe
 * is a write error; and a watchdog thread for twc_set_timeout.
 * Returns 0, or an errno value.
 */
int twc_install(void);

/**
 * The per-call time limit the watchdog enforces; `text` is how the limit is
 * written in the message ("10"). Zero or negative turns the limit off.
 */
void twc_set_timeout(double seconds, const char *text);

/**
 * Keeps the report away from plugin code: returns a private, close-on-exec
 * copy of standard output (or -1 when standard output is closed) and points
 * descriptor 1 at standard error, so that whatever plugin code prints goes to
 * the diagnostics instead of the report.
 */
int twc_take_stdout(void);

/// Extended attributes (<sys/xattr.h>, which Swift's Glibc module leaves out):
/// the plugin trust checks read a file's POSIX ACL with these. Each returns
/// the attribute's size (or -1 and errno), as getxattr(2) does; `fd` is used
/// when `path` is NULL.
long twc_getxattr(const char *path, int fd, const char *name, void *value, unsigned long size);
/// Sets an extended attribute (setxattr(2)): 0, or -1 and errno.
int twc_setxattr(const char *path, const char *name, const void *value, unsigned long size);

/**
 * For a child twhost that reports to its parent over `channel_fd`: the channel
 * is made close-on-exec (plugin code that starts programs does not pass it on)
 * and the child is killed when its parent dies.
 * Returns 0, or an errno value.
 */
int twc_child_setup(int channel_fd);

/* ------------------------------------------------------------- handles */
/*
 * The handles plugin code receives (tw_builder, tw_parse_result,
 * tw_utility_result, tw_theme: one 24-byte layout) are valid only on the
 * thread the call was made on, and only until that call returns. Each
 * thread owns a ring of handles per kind that lives for the whole process, so
 * a kept handle always points at valid memory; each call takes the next one
 * and stamps it with a new generation. See CTWHandles.c.
 */

/** Handle kinds. */
enum {
    TWC_HANDLE_BUILDER = 0,
    TWC_HANDLE_PARSE_RESULT = 1,
    TWC_HANDLE_UTILITY_RESULT = 2,
    TWC_HANDLE_THEME = 3,
};

/** What twc_handle_close needs back. */
typedef struct twc_handle_token {
    void *record;
    uint64_t previous;
} twc_handle_token;

/**
 * A fresh handle of `kind` for the call about to be made on this thread: its
 * `api` field is `api`, and until twc_handle_close its callbacks reach
 * `payload`. `site` is the call's plugin, for counting late uses.
 * Returns the handle (never NULL; NULL only if memory ran out).
 */
void *twc_handle_open(int32_t kind, const void *api, void *payload, const twc_site *site,
                      twc_handle_token *token);

/** Ends the handle's call: from now on its callbacks reach nothing. */
void twc_handle_close(twc_handle_token token);

/**
 * The payload of `handle` when it is the `kind` handle of the call in progress
 * on this thread; otherwise NULL, and *late_site is the plugin the handle was
 * given to (so the caller can count the use), or NULL for no handle at all.
 */
void *twc_handle_payload(const void *handle, int32_t kind, const twc_site **late_site);

#ifdef __cplusplus
}
#endif

#endif /* CTW_CONTAINMENT_H */
