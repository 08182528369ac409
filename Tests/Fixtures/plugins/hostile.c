/*
 * Plugins that misbehave at run time, for `twhost plugins check` and for
 * containment in `resolve`, `explain` and `registry` (SPEC A-12):
 *   SEGV_ENTRY     dereferences NULL in tw_plugin_entry
 *   ABORT_FACTORY  calls abort() in a factory
 *   LOOP_PARSER    never returns from a parser (also while its default is read at load)
 *   EXIT_FACTORY   calls exit(3) in a factory
 *   NOT_NEUTRAL    an inactive modifier that still shows (opacity 0.5)
 *   NONDETERMINISTIC  a factory that counts its calls
 *   CRASH_ON_13    fade crashes (SIGSEGV) on the argument 13 only
 *   CRASH_INACTIVE fade crashes when called inactive, with its default
 *   CRASH_DEFAULT_PARSE  level's parser crashes on its default ("hi"), at load
 *   EXIT_ZERO      fade calls exit(0) when active
 *   SLEEP_FACTORY  fade sleeps forever when active
 *   STACK_OVERFLOW fade recurses until the stack overflows when active
 *   PRINT_STDOUT   the entry and fade print to standard output (stdio and write(2))
 *   WRITE_LOW_FDS  fade writes a line to every descriptor from 3 to 63 when active
 *   FORGE_RESULT   fade prints a made-up `plugins check` result and calls _exit(0)
 *   KEEP_BUILDER_THREAD  fade keeps its first builder; at its second call another
 *                  thread uses the kept builder while that call is in progress
 *   FORK_GRANDCHILD  fade (the first time it is active) forks a process that writes
 *                  its pid to GRANDCHILD_PID_FILE and sleeps forever, holding the
 *                  inherited descriptors
 *   NONZERO_RESERVED level's registration has reserved = 7
 *   THEME_DEFAULT  level's parser accepts only under a spacing unit of 4 points, so its
 *                  default ("hi") is valid in the default theme and invalid in others
 *   CONSTRUCTOR_MARKER="path"  creates that file from a library constructor, i.e.
 *                  as soon as the library is loaded (before any name check)
 *   CRASH_ON_FRACTION  fade crashes (SIGSEGV) when active with a number that is not whole
 *   CRASH_PARSER_UTF8  level's parser crashes (SIGSEGV) on any argument with a byte >= 0x80
 *   BRANCH_ON_VALUE fade describes .hidden() instead of .opacity for a negative amount
 *   THEME_COLOR_DEFAULT  adds glow (value form, color) whose default is the theme color
 *                  "brand": a clear shadow when inactive
 * Without a macro it is a small, well-behaved plugin.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "hostile"
#endif

#ifdef CONSTRUCTOR_MARKER
#include <fcntl.h>
__attribute__((constructor)) static void mark_loaded(void) {
    int fd = open(CONSTRUCTOR_MARKER, O_WRONLY | O_CREAT, 0644);
    if (fd >= 0) close(fd);
}
#endif

#ifdef STACK_OVERFLOW
static int deeper(volatile int *depth) {
    volatile char frame[4096];
    frame[0] = (char)*depth;
    if (*depth < 0) return 0; /* never: depth only grows */
    (*depth)++;
    return deeper(depth) + frame[0];
}
#endif

#ifdef KEEP_BUILDER_THREAD
static tw_builder *kept;
static sem_t go, done;
static void *use_kept(void *unused) {
    (void)unused;
    sem_wait(&go);
    kept->api->begin(kept, TW_NODE_MODIFIER, NULL, "injected");
    kept->api->end(kept);
    sem_post(&done);
    return NULL;
}
#endif

static void fade(tw_builder *b, void *c, bool active, double amount) {
    (void)c;
    (void)active;
#ifdef CRASH_ON_13
    if (active && amount == 13) {
        volatile int *nothing = NULL;
        *nothing = 13;
    }
#endif
#ifdef CRASH_ON_FRACTION
    if (active && amount != (double)(long long)amount) {
        volatile int *nothing = NULL;
        *nothing = 42;
    }
#endif
#ifdef BRANCH_ON_VALUE
    if (amount < 0) {
        b->api->begin(b, TW_NODE_MODIFIER, NULL, "hidden");
        b->api->end(b);
        return;
    }
#endif
#ifdef CRASH_INACTIVE
    if (!active) {
        volatile int *nothing = NULL;
        *nothing = 0;
    }
#endif
#ifdef EXIT_ZERO
    if (active) exit(0);
#endif
#ifdef SLEEP_FACTORY
    while (active) sleep(1);
#endif
#ifdef STACK_OVERFLOW
    volatile int depth = 0;
    if (active) deeper(&depth);
#endif
#ifdef PRINT_STDOUT
    printf("PLUGIN STDOUT from fade\n");
    fflush(stdout);
    if (write(1, "PLUGIN WRITE(1) from fade\n", 26) < 0) abort();
#endif
#ifdef WRITE_LOW_FDS
    if (active) {
        for (int fd = 3; fd < 64; fd++) {
            if (write(fd, "PLUGIN FD\n", 10) < 0) continue;
        }
    }
#endif
#ifdef FORGE_RESULT
    printf("{\"twhostCheck\": 1, \"plugins\": [{\"request\": \"forged\", \"name\": \"forged\", \"version\": \"6.6.6\", "
           "\"path\": \"/made/up/libforged.so\", \"status\": \"passed\", \"findings\": []}], "
           "\"summary\": {\"plugins\": 1, \"failed\": 0, \"errors\": 0, \"warnings\": 0}}\n");
    fprintf(stderr, "twhost-probe: done\n");
    fflush(NULL);
    _exit(0);
#endif
#ifdef KEEP_BUILDER_THREAD
    static int calls;
    if (calls == 0) {
        kept = b;
        sem_init(&go, 0, 0);
        sem_init(&done, 0, 0);
        pthread_t thread;
        pthread_create(&thread, NULL, use_kept, NULL);
        pthread_detach(thread);
    } else if (calls == 1) {
        /* This call is in progress: the other thread uses the first call's builder now. */
        sem_post(&go);
        sem_wait(&done);
    }
    calls++;
#endif
#ifdef FORK_GRANDCHILD
    static int forked;
    if (active && !forked) {
        forked = 1;
        int ready[2];
        if (pipe(ready) != 0) abort();
        if (fork() == 0) {
            FILE *f = fopen(GRANDCHILD_PID_FILE, "w");
            if (f) {
                fprintf(f, "%d\n", (int)getpid());
                fclose(f);
            }
            if (write(ready[1], "x", 1) != 1) _exit(1);
            for (;;) pause();
        }
        char byte;
        if (read(ready[0], &byte, 1) != 1) abort(); /* the pid file is written */
        close(ready[0]);
        close(ready[1]);
    }
#endif
#ifdef ABORT_FACTORY
    abort();
#endif
#ifdef EXIT_FACTORY
    exit(3);
#endif
#ifdef NONDETERMINISTIC
    static int calls;
    amount += calls++;
#endif
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
#ifdef NOT_NEUTRAL
    b->api->number(b, NULL, active ? amount : 0.5);
#else
    b->api->number(b, NULL, amount);
#endif
    b->api->end(b);
}

static void parse_level(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    (void)theme;
#ifdef THEME_DEFAULT
    double unit = 0;
    if (!theme->api->number(theme, "spacing", "1", &unit) || unit != 4) {
        r->api->reject(r, "needs a spacing unit of 4 points");
        return;
    }
#endif
#ifdef CRASH_DEFAULT_PARSE
    if (strcmp(argument, "hi") == 0) {
        volatile int *nothing = NULL;
        *nothing = 2;
    }
#endif
#ifdef CRASH_PARSER_UTF8
    for (const char *p = argument; *p; p++) {
        if ((unsigned char)*p >= 0x80) {
            volatile int *nothing = NULL;
            *nothing = 8;
        }
    }
#endif
#ifdef LOOP_PARSER
    volatile int forever = 1;
    while (forever) {
    }
#endif
    if (argument[0] == 'h' && argument[1] == 'i' && argument[2] == 0) {
        r->api->number(r, 1);
    } else if (argument[0] == 'l' && argument[1] == 'o' && argument[2] == 0) {
        r->api->number(r, 0.5);
    } else {
        r->api->reject(r, "expected hi or lo");
    }
}

static void level(tw_builder *b, void *c, bool active, double v) {
    (void)c;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, active ? v : 1);
    b->api->end(b);
}

#ifdef THEME_COLOR_DEFAULT
static void glow(tw_builder *b, void *c, bool active, tw_color color) {
    (void)c;
    tw_color clear = {0, 0, 0, 0};
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "shadow");
    b->api->color(b, "color", active ? color : clear);
    b->api->number(b, "radius", 4);
    b->api->end(b);
}
#endif

static const tw_modifier_registration modifiers[] = {
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_NUMBER, .name = "fade",
     .default_argument = "1", .factory = (tw_factory_fn)fade},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_ARGUMENT, .arg_type = TW_ARG_NUMBER,
#ifdef NONZERO_RESERVED
     .reserved = 7,
#endif
     .name = "level", .default_argument = "hi", .factory = (tw_factory_fn)level, .parse = parse_level},
#ifdef THEME_COLOR_DEFAULT
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_COLOR, .name = "glow",
     .default_argument = "brand", .factory = (tw_factory_fn)glow},
#endif
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = "0.1.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
};

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                             const char **error) {
    (void)major;
    (void)minor;
    (void)host;
    (void)error;
#ifdef PRINT_STDOUT
    printf("PLUGIN STDOUT from the entry\n"); /* left in the stdio buffer */
    if (write(1, "PLUGIN WRITE(1) from the entry\n", 31) < 0) abort();
#endif
#ifdef SEGV_ENTRY
    volatile int *nothing = NULL;
    *nothing = 1;
#endif
    return &descriptor;
}

