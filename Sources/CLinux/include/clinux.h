#ifndef BUOY_CLINUX_H
#define BUOY_CLINUX_H

/* Linux-only calls that Swift's Glibc module does not export (they need
 * _GNU_SOURCE or live in headers the module leaves out). One seam, so the
 * Swift side never depends on feature macros. */

#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <sys/types.h>

/* An anonymous, sealable, close-on-exec file of `size` bytes, or -1. */
int buoy_memfd_create_sized(const char *name, size_t size);
/* The same, empty, for a process that sizes it later (a drawing child), or -1. */
int buoy_memfd_create(const char *name);
/* Sizes a buoy_memfd_create file to `size` bytes and seals its size.
 * Returns 0, or -1 if it could not be sized. */
int buoy_memfd_size_and_seal(int fd, size_t size);

/* A non-blocking, close-on-exec CLOCK_MONOTONIC timerfd, or -1. */
int buoy_timerfd_create(void);
/* Arms the timer at an absolute CLOCK_MONOTONIC time in seconds; a negative
 * deadline disarms it. Returns 0 or -1. */
int buoy_timerfd_arm(int fd, double deadline);
/* Consumes the expiration count; returns 1 if the timer fired. */
int buoy_timerfd_consume(int fd);

/* Blocks the signals in `mask` for the process and returns a non-blocking,
 * close-on-exec signalfd for them, or -1. */
int buoy_signalfd_create(const sigset_t *mask);
/* Reads one pending signal; returns its number, or 0 when none is pending. */
int buoy_signalfd_read(int fd);

/* The uid of the process at the other end of a unix socket, or -1. */
int64_t buoy_peer_uid(int fd);

/* Unix stream sockets for the control socket; every descriptor is
 * non-blocking and close-on-exec. A new socket, or -1. */
int buoy_unix_socket(void);
/* Binds or connects `fd` to the socket file at `path`. Returns 0, or -1 with
 * errno set; ENAMETOOLONG when `path` does not fit in sun_path. */
int buoy_unix_bind(int fd, const char *path);
int buoy_unix_connect(int fd, const char *path);
/* Connects `fd` to the Linux abstract socket `name` (D-Bus's unix:abstract=),
 * whose address is a NUL and the name, without a terminator. */
int buoy_unix_connect_abstract(int fd, const char *name);
/* Accepts one pending connection, or -1 with errno (EAGAIN: none pending). */
int buoy_unix_accept(int fd);
/* The longest path a unix socket address holds, in bytes. */
int buoy_unix_path_max(void);

/* A non-blocking, close-on-exec inotify fd, or -1. */
int buoy_inotify_create(void);
/* Watches a directory for files that are written, moved in, created or
 * chmodded, and for the directory itself being deleted or moved. */
int buoy_inotify_watch_dir(int fd, const char *path);
/* Stops the watch `wd` returned by buoy_inotify_watch_dir. */
int buoy_inotify_unwatch(int fd, int wd);

/* A new pipe, both ends close-on-exec from the start (pipe2, which
 * Swift's Glibc module lacks); its read end non-blocking too if
 * `nonblocking_read`. Returns -1 with errno set if not. */
int buoy_pipe_cloexec(int fds[2], int nonblocking_read);
/* The read end of a new close-on-exec pipe that already holds `bytes`, its
 * write end closed: a reader gets them, then the end. The pipe is made
 * large enough if it can be. Returns -1 with errno set if not. */
int buoy_pipe_holding(const void *bytes, size_t count);
/* posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the spawned
 * program's descriptors from `low` on are closed. Returns 0 or an errno. */
int buoy_spawn_close_from(posix_spawn_file_actions_t *actions, int low);
/* POSIX_SPAWN_SETSID (glibc 2.26): the spawned program starts a session. */
int buoy_spawn_setsid(void);
/* Whether the child `pid` has exited and waits to be collected (a zombie),
 * without collecting it (waitid with WNOWAIT): 1 if so, 0 if not, -1 with
 * errno set if it is no child of this process. */
int buoy_child_exited(pid_t pid);
/* Has the kernel SIGKILL this process when its parent dies; then checks
 * that the parent is still `parent` (it may have died before). Returns 0,
 * or -1 if the parent is gone. */
int buoy_die_with_parent(pid_t parent);

/* Seconds on CLOCK_MONOTONIC. */
double buoy_monotonic_now(void);

#endif
