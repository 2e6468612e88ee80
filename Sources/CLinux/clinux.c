#define _GNU_SOURCE
#include "clinux.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int buoy_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int buoy_memfd_size_and_seal(int fd, size_t size) {
    int rc;
    do {
        rc = ftruncate(fd, (off_t)size);
    } while (rc < 0 && errno == EINTR);
    if (rc < 0) return -1;
    /* The compositor maps this file; sealing the size means it can never be
     * made to fault on a truncated mapping. */
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
    return 0;
}

int buoy_memfd_create_sized(const char *name, size_t size) {
    int fd = buoy_memfd_create(name);
    if (fd < 0) return -1;
    if (buoy_memfd_size_and_seal(fd, size) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int buoy_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int buoy_timerfd_arm(int fd, double deadline) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (deadline >= 0) {
        time_t sec = (time_t)deadline;
        long nsec = (long)((deadline - (double)sec) * 1e9);
        /* An all-zero it_value disarms, so never arm at exactly zero. */
        if (sec == 0 && nsec == 0) nsec = 1;
        spec.it_value.tv_sec = sec;
        spec.it_value.tv_nsec = nsec;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int buoy_timerfd_consume(int fd) {
    uint64_t expirations = 0;
    return read(fd, &expirations, sizeof expirations) == sizeof expirations && expirations > 0;
}

int buoy_signalfd_create(const sigset_t *mask) {
    if (sigprocmask(SIG_BLOCK, mask, NULL) < 0) return -1;
    return signalfd(-1, mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int buoy_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    if (read(fd, &info, sizeof info) != sizeof info) return 0;
    return (int)info.ssi_signo;
}

int64_t buoy_peer_uid(int fd) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) return -1;
    return (int64_t)cred.uid;
}

int buoy_unix_socket(void) {
    return socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
}

static int unix_address(struct sockaddr_un *address, const char *path) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(path);
    /* Leave room for the terminator: an unterminated sun_path is legal but
     * other tools (ss, lsof) print it truncated. */
    if (length == 0 || length >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address->sun_path, path, length);
    return 0;
}

int buoy_unix_bind(int fd, const char *path) {
    struct sockaddr_un address;
    if (unix_address(&address, path) < 0) return -1;
    return bind(fd, (struct sockaddr *)&address, sizeof address);
}

int buoy_unix_connect(int fd, const char *path) {
    struct sockaddr_un address;
    if (unix_address(&address, path) < 0) return -1;
    /* Non-blocking, so no EINTR to retry (a retried connect would fail
     * with EALREADY anyway). */
    return connect(fd, (struct sockaddr *)&address, sizeof address);
}

int buoy_unix_connect_abstract(int fd, const char *name) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(name);
    if (length + 1 > sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address.sun_path + 1, name, length);
    return connect(fd, (struct sockaddr *)&address,
                   (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + length));
}

int buoy_unix_accept(int fd) {
    int rc;
    do {
        rc = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    } while (rc < 0 && errno == EINTR);
    return rc;
}

int buoy_unix_path_max(void) {
    struct sockaddr_un address;
    return (int)sizeof address.sun_path - 1;
}

int buoy_inotify_create(void) {
    return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}

int buoy_inotify_watch_dir(int fd, const char *path) {
    /* IN_ATTRIB: a config refused for its mode is read again once
     * `chmod go-w`, which buoy's message suggests, makes it safe.
     * IN_DELETE_SELF and IN_MOVE_SELF: the directory went, and one made
     * again under its name is a new one to watch. */
    return inotify_add_watch(fd, path,
                             IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF);
}

int buoy_inotify_unwatch(int fd, int wd) {
    return inotify_rm_watch(fd, wd);
}

double buoy_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int buoy_pipe_cloexec(int fds[2], int nonblocking_read) {
    if (pipe2(fds, O_CLOEXEC) < 0) return -1;
    if (nonblocking_read && fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK) < 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

int buoy_pipe_holding(const void *bytes, size_t count) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0) return -1;
    /* 64 KiB by default; up to /proc/sys/fs/pipe-max-size (1 MiB) unprivileged. */
    if (count > 65536 && fcntl(fds[1], F_SETPIPE_SZ, (int)count) < 0) goto failed;
    size_t done = 0;
    while (done < count) {
        ssize_t written = write(fds[1], (const char *)bytes + done, count - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) goto failed; /* EAGAIN: it does not fit; never wait */
        done += (size_t)written;
    }
    close(fds[1]);
    /* The reader is another process, which should block. */
    fcntl(fds[0], F_SETFL, 0);
    return fds[0];
failed:;
    int error = errno;
    close(fds[0]);
    close(fds[1]);
    errno = error;
    return -1;
}

int buoy_spawn_close_from(posix_spawn_file_actions_t *actions, int low) {
    return posix_spawn_file_actions_addclosefrom_np(actions, low);
}

int buoy_spawn_setsid(void) {
    return POSIX_SPAWN_SETSID;
}

int buoy_child_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int rc;
    do {
        rc = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    } while (rc < 0 && errno == EINTR);
    if (rc < 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

int buoy_die_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) return -1;
    /* The parent may have died before the call: the process was then
     * given to another (init, or a subreaper), which will not die for it. */
    return getppid() == parent ? 0 : -1;
}
