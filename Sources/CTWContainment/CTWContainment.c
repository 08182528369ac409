// Containment of plugin code in the twhost process (SPEC A-12). See
// CTWContainment.h for the contract and docs/Security.md for the design.
//
// Why C: a signal handler must be async-signal-safe. Everything it reads here
// is a thread-local pointer, atomics and immutable strings made before the
// plugin call; it writes one preformatted line with write(2) and ends the
// process with _exit(2). Swift offers no thread-local storage or handler
// guarantees of that kind.
#define _GNU_SOURCE
#include "CTWContainment.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

// ------------------------------------------------------------------ slots

/// One per thread that has run plugin code. Slots are never freed (the
/// watchdog may be reading one); a slot whose thread ended is reused.
typedef struct twc_slot {
    _Atomic(const twc_site *) site; // non-NULL while plugin code runs
    _Atomic int32_t step;
    _Atomic uint64_t sequence; // counts enters, so the watchdog can tell calls apart
    _Atomic int in_use;
    _Atomic int armed; // this thread's alternate signal stack is set up
    struct twc_slot *next; // written before the slot is published
    void *altstack;
    // Only the watchdog thread touches these.
    uint64_t watched_sequence;
    struct timespec watched_since;
} twc_slot;

static _Atomic(twc_slot *) twc_slots;
static _Thread_local twc_slot *twc_current;
static pthread_key_t twc_release_key;
static pthread_once_t twc_key_once = PTHREAD_ONCE_INIT;
static _Atomic int twc_installed;

enum { TWC_ALTSTACK_SIZE = 256 * 1024 };

static void twc_release(void *value) {
    twc_slot *slot = value;
    atomic_store(&slot->site, NULL);
    atomic_store(&slot->armed, 0);
    twc_current = NULL;
    atomic_store(&slot->in_use, 0);
}

static void twc_make_key(void) { pthread_key_create(&twc_release_key, twc_release); }

/// Gives the calling thread an alternate stack for the crash handler, so that
/// a plugin that overflows its stack is still reported.
static void twc_arm(twc_slot *slot) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) {
        atomic_store(&slot->armed, 1); // the thread already has one (e.g. the Swift runtime's)
        return;
    }
    if (slot->altstack == NULL) slot->altstack = malloc(TWC_ALTSTACK_SIZE);
    if (slot->altstack == NULL) return;
    stack_t stack = {.ss_sp = slot->altstack, .ss_size = TWC_ALTSTACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) == 0) atomic_store(&slot->armed, 1);
}

static twc_slot *twc_acquire(void) {
    pthread_once(&twc_key_once, twc_make_key);
    twc_slot *slot = NULL;
    for (twc_slot *s = atomic_load(&twc_slots); s != NULL; s = s->next) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&s->in_use, &expected, 1)) {
            slot = s;
            break;
        }
    }
    if (slot == NULL) {
        slot = calloc(1, sizeof *slot);
        if (slot == NULL) return NULL;
        atomic_store(&slot->in_use, 1);
        twc_slot *head = atomic_load(&twc_slots);
        do {
            slot->next = head;
        } while (!atomic_compare_exchange_weak(&twc_slots, &head, slot));
    }
    twc_current = slot;
    pthread_setspecific(twc_release_key, slot);
    return slot;
}

twc_mark twc_enter(const twc_site *site, int32_t step) {
    twc_slot *slot = twc_current;
    if (slot == NULL) slot = twc_acquire();
    if (slot == NULL) return (twc_mark){NULL, 0};
    if (!atomic_load_explicit(&slot->armed, memory_order_relaxed) &&
        atomic_load_explicit(&twc_installed, memory_order_relaxed))
        twc_arm(slot);
    twc_mark previous = {atomic_load_explicit(&slot->site, memory_order_relaxed),
                         atomic_load_explicit(&slot->step, memory_order_relaxed)};
    atomic_fetch_add_explicit(&slot->sequence, 1, memory_order_relaxed);
    atomic_store_explicit(&slot->step, step, memory_order_relaxed);
    atomic_store_explicit(&slot->site, site, memory_order_release);
    return previous;
}

void twc_leave(twc_mark previous) {
    twc_slot *slot = twc_current;
    if (slot == NULL) return;
    atomic_store_explicit(&slot->step, previous.step, memory_order_relaxed);
    atomic_store_explicit(&slot->site, previous.site, memory_order_release);
    if (previous.site != NULL) atomic_fetch_add_explicit(&slot->sequence, 1, memory_order_relaxed);
}

// --------------------------------------------------------------- messages
// Built in a caller's buffer with plain byte copies: safe in a signal handler.

typedef struct twc_line {
    char bytes[1024];
    size_t used;
} twc_line;

static void twc_put(twc_line *line, const char *text) {
    if (text == NULL) text = "(unknown)";
    while (*text != 0 && line->used + 2 < sizeof line->bytes) line->bytes[line->used++] = *text++;
}

static void twc_put_int(twc_line *line, long value) {
    char digits[24];
    int count = 0;
    unsigned long magnitude = value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;
    do {
        digits[count++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0 && count < (int)sizeof digits);
    if (value < 0) twc_put(line, "-");
    while (count > 0 && line->used + 2 < sizeof line->bytes) line->bytes[line->used++] = digits[--count];
}

static void twc_put_step(twc_line *line, const twc_site *site, int32_t step) {
    switch (step) {
    case TWC_STEP_LOADING:
        twc_put(line, "loading ");
        twc_put(line, site->subject);
        break;
    case TWC_STEP_ENTRY:
        twc_put(line, "tw_plugin_entry");
        break;
    case TWC_STEP_DEFAULT_PARSE:
        twc_put(line, "the parser of '");
        twc_put(line, site->subject);
        twc_put(line, "' reading its default argument");
        break;
    case TWC_STEP_FACTORY_ACTIVE:
        twc_put(line, "the factory of '");
        twc_put(line, site->subject);
        twc_put(line, "' (active)");
        break;
    case TWC_STEP_FACTORY_INACTIVE:
        twc_put(line, "the factory of '");
        twc_put(line, site->subject);
        twc_put(line, "' (inactive, with its default)");
        break;
    case TWC_STEP_PARSER:
        twc_put(line, "the parser of '");
        twc_put(line, site->subject);
        twc_put(line, "'");
        break;
    case TWC_STEP_UTILITY:
        twc_put(line, "the utility '");
        twc_put(line, site->subject);
        twc_put(line, "'");
        break;
    case TWC_STEP_PRESET:
        twc_put(line, "the animation preset '");
        twc_put(line, site->subject);
        twc_put(line, "'");
        break;
    default:
        twc_put(line, "plugin code");
        break;
    }
}

static void twc_put_plugin(twc_line *line, const twc_site *site) {
    twc_put(line, "error: plugin '");
    twc_put(line, site->plugin);
    twc_put(line, "' ");
}

/// Writes the line to standard error and ends the process with exit status 2.
static _Noreturn void twc_finish(twc_line *line) {
    line->bytes[line->used++] = '\n';
    size_t done = 0;
    while (done < line->used) {
        ssize_t n = write(2, line->bytes + done, line->used - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    _exit(2);
}

// ------------------------------------------------------------------ crashes

enum { TWC_MAX_SIGNAL = 65 };
static struct sigaction twc_previous[TWC_MAX_SIGNAL];
static const int twc_fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};

static const char *twc_signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGTRAP: return "SIGTRAP";
    default: return "a signal";
    }
}

static void twc_on_fault(int sig, siginfo_t *info, void *context) {
    (void)context;
    twc_slot *slot = twc_current;
    const twc_site *site = slot != NULL ? atomic_load(&slot->site) : NULL;
    if (site != NULL) {
        twc_line line = {.used = 0};
        twc_put_plugin(&line, site);
        twc_put(&line, "crashed in ");
        twc_put_step(&line, site, atomic_load(&slot->step));
        twc_put(&line, " (");
        twc_put(&line, twc_signal_name(sig));
        twc_put(&line, ")");
        twc_finish(&line);
    }
    // Not plugin code: a fault of twhost itself goes to the handler that was
    // installed before (the Swift runtime's backtracer, a sanitizer, or the
    // default action), exactly as if this handler did not exist.
    if (sig > 0 && sig < TWC_MAX_SIGNAL) sigaction(sig, &twc_previous[sig], NULL);
    // A fault re-executes the faulting instruction on return; a signal that
    // was sent (kill, raise, abort) must be sent again.
    if (info == NULL || info->si_code <= 0 || sig == SIGABRT) raise(sig);
}

// --------------------------------------------------------------------- exit

/// twhost itself ends with _exit once its report is written, so exit() is
/// always plugin code: a factory, or a thread a plugin started.
static void twc_on_exit(int status, void *unused) {
    (void)unused;
    twc_slot *slot = twc_current;
    const twc_site *site = slot != NULL ? atomic_load(&slot->site) : NULL;
    int32_t step = slot != NULL ? atomic_load(&slot->step) : 0;
    int own_thread = site != NULL;
    for (twc_slot *s = atomic_load(&twc_slots); site == NULL && s != NULL; s = s->next) {
        site = atomic_load(&s->site);
        step = atomic_load(&s->step);
    }
    twc_line line = {.used = 0};
    if (site == NULL) {
        twc_put(&line, "error: plugin code called exit(");
        twc_put_int(&line, status);
        twc_put(&line, ") on a thread of its own; plugins must not end the process");
        twc_finish(&line);
    }
    twc_put_plugin(&line, site);
    twc_put(&line, "called exit(");
    twc_put_int(&line, status);
    twc_put(&line, own_thread ? ") in " : ") on a thread of its own while twhost was in ");
    twc_put_step(&line, site, step);
    twc_put(&line, "; plugins must not end the process");
    twc_finish(&line);
}

// ------------------------------------------------------------------ timeout

static _Atomic long twc_timeout_ms;
static char twc_timeout_text[32] = "10";

void twc_set_timeout(double seconds, const char *text) {
    size_t i = 0;
    for (; text != NULL && text[i] != 0 && i + 1 < sizeof twc_timeout_text; i++) twc_timeout_text[i] = text[i];
    twc_timeout_text[i] = 0;
    atomic_store(&twc_timeout_ms, seconds > 0 ? (long)(seconds * 1000.0 + 0.5) : 0);
}

static long twc_elapsed_ms(struct timespec since, struct timespec now) {
    return (long)(now.tv_sec - since.tv_sec) * 1000 + (long)(now.tv_nsec - since.tv_nsec) / 1000000;
}

static void *twc_watchdog(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    for (;;) {
        long limit = atomic_load(&twc_timeout_ms);
        long tick = limit > 0 && limit / 4 < 50 ? (limit / 4 > 0 ? limit / 4 : 1) : 50;
        struct timespec pause = {.tv_sec = 0, .tv_nsec = tick * 1000000L};
        while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
        }
        if (limit <= 0) continue;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (twc_slot *s = atomic_load(&twc_slots); s != NULL; s = s->next) {
            const twc_site *site = atomic_load(&s->site);
            uint64_t sequence = atomic_load(&s->sequence);
            if (site == NULL || sequence != s->watched_sequence) {
                s->watched_sequence = sequence;
                s->watched_since = now;
                continue;
            }
            if (twc_elapsed_ms(s->watched_since, now) < limit) continue;
            twc_line line = {.used = 0};
            twc_put_plugin(&line, site);
            twc_put(&line, "did not return within ");
            twc_put(&line, twc_timeout_text);
            twc_put(&line, " s in ");
            twc_put_step(&line, site, atomic_load(&s->step));
            twc_put(&line, "; raise --plugin-timeout if it needs longer");
            twc_finish(&line);
        }
    }
    return NULL;
}

// ------------------------------------------------------------------ install

int twc_install(void) {
    if (atomic_exchange(&twc_installed, 1)) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = twc_on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof twc_fatal_signals / sizeof twc_fatal_signals[0]; i++) {
        int sig = twc_fatal_signals[i];
        if (sigaction(sig, &action, &twc_previous[sig]) != 0) return errno;
    }
    signal(SIGPIPE, SIG_IGN);
    if (on_exit(twc_on_exit, NULL) != 0) return ENOMEM;
    twc_slot *slot = twc_current != NULL ? twc_current : twc_acquire();
    if (slot != NULL) twc_arm(slot);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int failed = pthread_create(&thread, &attributes, twc_watchdog, NULL);
    pthread_attr_destroy(&attributes);
    return failed;
}

int twc_take_stdout(void) {
    // The report's copy sits far above the descriptors a program opens first, so
    // plugin code that writes to descriptors 3-63 (its own files, stray ones)
    // cannot reach the report.
    int report = fcntl(1, F_DUPFD_CLOEXEC, 512);
    if (report < 0) report = fcntl(1, F_DUPFD_CLOEXEC, 64);
    if (report < 0) report = fcntl(1, F_DUPFD_CLOEXEC, 3);
    if (fcntl(2, F_GETFD) != -1) {
        dup2(2, 1);
    } else {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0 && null != 1) {
            dup2(null, 1);
            close(null);
        }
    }
    return report;
}

int twc_child_setup(int channel_fd) {
    int flags = fcntl(channel_fd, F_GETFD);
    if (flags == -1 || fcntl(channel_fd, F_SETFD, flags | FD_CLOEXEC) == -1) return errno;
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    return 0;
}

long twc_getxattr(const char *path, int fd, const char *name, void *value, unsigned long size) {
    return path != NULL ? (long)getxattr(path, name, value, size) : (long)fgetxattr(fd, name, value, size);
}

int twc_setxattr(const char *path, const char *name, const void *value, unsigned long size) {
    return setxattr(path, name, value, size, 0);
}
