/*
 * peak-rss OUT -- PROGRAM [ARG...]
 *
 * Runs PROGRAM with its standard output written to OUT, waits for it, and
 * prints "<exit status> <peak resident set in KiB>" on standard output: the
 * peak from getrusage(RUSAGE_CHILDREN), its only child's.
 *
 * Why a process of its own: Linux charges a child spawned with posix_spawn
 * (or fork) the resident set of the process it was spawned from until it
 * execs, so a child spawned straight from a large test process reports at
 * least the test's size. Spawned from this small program, the figure is the
 * command's own (plus this program's few hundred KiB).
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 4 || strcmp(argv[2], "--") != 0) {
        fprintf(stderr, "usage: peak-rss OUT -- PROGRAM [ARG...]\n");
        return 64;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[3], &actions, NULL, argv + 3, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        fprintf(stderr, "peak-rss: cannot run %s: %s\n", argv[3], strerror(rc));
        return 2;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "peak-rss: waitpid: %s\n", strerror(errno));
            return 2;
        }
    }
    struct rusage usage;
    if (getrusage(RUSAGE_CHILDREN, &usage) != 0) {
        fprintf(stderr, "peak-rss: getrusage: %s\n", strerror(errno));
        return 2;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%d %ld\n", code, usage.ru_maxrss);
    return 0;
}
