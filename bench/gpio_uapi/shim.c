/*
 * A stand-in for the kernel's GPIO character devices, for a process that uses the real libgpiod
 * (the gpiod wheel's own copy) or lgpio where no kernel GPIO chip exists (no gpio-sim, no
 * gpio-mockup on the development VM or CI). Loaded with LD_PRELOAD, it answers the GPIO uAPI
 * calls those libraries make on /dev/gpiochipN (or GPIO_UAPI_DEV/gpiochipN): stat()/lstat() say
 * "character device 254:N", realpath() of /sys/dev/char/254:N/subsystem says /sys/bus/gpio,
 * open() connects to the stand-in kernel (bench/gpio_uapi/kernel.py, a Unix socket named by
 * GPIO_UAPI_SOCKET) and every ioctl() on such a descriptor is forwarded to it, struct in, struct
 * out. A line request's descriptor is the read end of a pipe the stand-in writes
 * struct gpio_v2_line_event records to, so read() and poll() on it are the kernel's own calls;
 * its ioctls go over a second socket kept here. Nothing here runs a thread or a timer: a process
 * under the shim wakes exactly when it would on a Pi's kernel.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#define MAJOR 254
#define MAX_FDS 65536
#define OP_OPEN 1
#define OP_IOCTL 2

enum { NONE = 0, CHIP = 1, REQUEST = 2 };
static unsigned char kind[MAX_FDS];
static int control[MAX_FDS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct message { uint32_t op; uint32_t arg; uint64_t cmd; uint32_t size; uint32_t pad; };
struct reply { int32_t result; uint32_t size; };

/* The chip number a path names (/dev/gpiochipN or $GPIO_UAPI_DEV/gpiochipN), or -1. */
static int chip_number(const char *path)
{
    const char *dev = getenv("GPIO_UAPI_DEV");
    const char *name = NULL;
    size_t length;
    char *end;
    long number;

    if (!path || !getenv("GPIO_UAPI_SOCKET"))
        return -1;
    if (strncmp(path, "/dev/gpiochip", 13) == 0)
        name = path + 5;
    else if (dev && (length = strlen(dev)) && strncmp(path, dev, length) == 0 && path[length] == '/')
        name = path + length + 1;
    if (!name || strncmp(name, "gpiochip", 8) != 0 || !name[8])
        return -1;
    number = strtol(name + 8, &end, 10);
    return (*end || number < 0 || number > 255) ? -1 : (int)number;
}

static int connect_kernel(void)
{
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

    if (fd < 0)
        return -1;
    strncpy(address.sun_path, getenv("GPIO_UAPI_SOCKET"), sizeof(address.sun_path) - 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof(address)) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/* One exchange with the stand-in: the message and the struct out, the result and struct back,
 * and up to two descriptors. Returns the result (0 or -errno). */
static int exchange(int fd, uint32_t op, uint32_t arg, uint64_t cmd, void *data, uint32_t size,
                    int *fds, int *fd_count)
{
    char buffer[sizeof(struct message) + 4096];
    struct message message = { op, arg, cmd, size, 0 };
    struct reply reply;
    char control_buffer[CMSG_SPACE(2 * sizeof(int))];
    struct iovec iov = { buffer, sizeof(buffer) };
    struct msghdr header = { 0 };
    struct cmsghdr *cmsg;
    ssize_t got;

    if (size > 4096)
        return -EINVAL;
    memcpy(buffer, &message, sizeof(message));
    if (size)
        memcpy(buffer + sizeof(message), data, size);
    if (send(fd, buffer, sizeof(message) + size, MSG_NOSIGNAL) < 0)
        return -EIO;
    header.msg_iov = &iov;
    header.msg_iovlen = 1;
    header.msg_control = control_buffer;
    header.msg_controllen = sizeof(control_buffer);
    do {
        got = recvmsg(fd, &header, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got < (ssize_t)sizeof(reply))
        return -EIO;
    memcpy(&reply, buffer, sizeof(reply));
    if (reply.size && reply.size <= size)
        memcpy(data, buffer + sizeof(reply), reply.size);
    if (fd_count)
        *fd_count = 0;
    for (cmsg = CMSG_FIRSTHDR(&header); cmsg; cmsg = CMSG_NXTHDR(&header, cmsg)) {
        if (cmsg->cmsg_level == SOL_SOCKET && cmsg->cmsg_type == SCM_RIGHTS && fds && fd_count) {
            *fd_count = (int)((cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            memcpy(fds, CMSG_DATA(cmsg), *fd_count * sizeof(int));
        }
    }
    return reply.result;
}

static int open_chip(int number)
{
    int fd = connect_kernel(), result;

    if (fd < 0) {
        errno = ENODEV;
        return -1;
    }
    result = exchange(fd, OP_OPEN, (uint32_t)number, 0, NULL, 0, NULL, NULL);
    if (result < 0 || fd >= MAX_FDS) {
        close(fd);
        errno = result < 0 ? -result : EMFILE;
        return -1;
    }
    kind[fd] = CHIP;
    return fd;
}

#define REAL(name) static __typeof__(name) *real = NULL; if (!real) real = dlsym(RTLD_NEXT, #name)

/* gpiozero's Pi factories ask the board's revision (/proc/device-tree/system/linux,revision, 4
 * bytes big-endian) before they open a chip: GPIO_UAPI_REVISION gives it (hex, e.g. 902120 for
 * a Zero 2 W) as a memfd holding those bytes. */
static int open_revision(const char *path)
{
    const char *revision = getenv("GPIO_UAPI_REVISION");
    unsigned long value;
    unsigned char bytes[4];
    int fd;

    if (!revision || !path || strcmp(path, "/proc/device-tree/system/linux,revision") != 0)
        return -2;
    value = strtoul(revision, NULL, 16);
    bytes[0] = value >> 24; bytes[1] = value >> 16; bytes[2] = value >> 8; bytes[3] = value;
    fd = memfd_create("linux,revision", MFD_CLOEXEC);
    if (fd < 0 || write(fd, bytes, 4) != 4 || lseek(fd, 0, SEEK_SET) != 0)
        return -1;
    return fd;
}

int open(const char *path, int flags, ...)
{
    va_list args;
    mode_t mode = 0;
    int number = chip_number(path), revision = open_revision(path);
    REAL(open);

    va_start(args, flags);
    if (flags & (O_CREAT | O_TMPFILE))
        mode = va_arg(args, mode_t);
    va_end(args);
    if (revision != -2)
        return revision;
    return number >= 0 ? open_chip(number) : real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    va_list args;
    mode_t mode = 0;
    int number = chip_number(path), revision = open_revision(path);
    REAL(open64);

    va_start(args, flags);
    if (flags & (O_CREAT | O_TMPFILE))
        mode = va_arg(args, mode_t);
    va_end(args);
    if (revision != -2)
        return revision;
    return number >= 0 ? open_chip(number) : real(path, flags, mode);
}

int __open_2(const char *path, int flags)
{
    int number = chip_number(path);
    REAL(__open_2);
    return number >= 0 ? open_chip(number) : real(path, flags);
}

int __open64_2(const char *path, int flags)
{
    int number = chip_number(path);
    REAL(__open64_2);
    return number >= 0 ? open_chip(number) : real(path, flags);
}

static void fill_stat(struct stat *buffer, int number)
{
    memset(buffer, 0, sizeof(*buffer));
    buffer->st_mode = S_IFCHR | 0660;
    buffer->st_rdev = makedev(MAJOR, number);
    buffer->st_nlink = 1;
}

int stat(const char *path, struct stat *buffer)
{
    int number = chip_number(path);
    REAL(stat);
    if (number < 0)
        return real(path, buffer);
    fill_stat(buffer, number);
    return 0;
}

int lstat(const char *path, struct stat *buffer)
{
    int number = chip_number(path);
    REAL(lstat);
    if (number < 0)
        return real(path, buffer);
    fill_stat(buffer, number);
    return 0;
}

/* What binaries built against glibc before 2.33 call (the manylinux gpiod wheel does). */
int __xstat(int version, const char *path, struct stat *buffer)
{
    int number = chip_number(path);
    REAL(__xstat);
    if (number < 0)
        return real(version, path, buffer);
    fill_stat(buffer, number);
    return 0;
}

int __lxstat(int version, const char *path, struct stat *buffer)
{
    int number = chip_number(path);
    REAL(__lxstat);
    if (number < 0)
        return real(version, path, buffer);
    fill_stat(buffer, number);
    return 0;
}

char *realpath(const char *path, char *resolved)
{
    unsigned major_number, minor_number;
    char tail[32];
    REAL(realpath);

    if (getenv("GPIO_UAPI_SOCKET") && path
        && sscanf(path, "/sys/dev/char/%u:%u/%31s", &major_number, &minor_number, tail) == 3
        && major_number == MAJOR && strcmp(tail, "subsystem") == 0) {
        if (!resolved)
            return strdup("/sys/bus/gpio");
        strcpy(resolved, "/sys/bus/gpio");
        return resolved;
    }
    return real(path, resolved);
}

int ioctl(int fd, unsigned long request, ...)
{
    va_list args;
    void *argument;
    int result, fds[2], fd_count = 0, channel;
    unsigned int command;
    REAL(ioctl);

    va_start(args, request);
    argument = va_arg(args, void *);
    va_end(args);
    if (fd < 0 || fd >= MAX_FDS || kind[fd] == NONE)
        return real(fd, request, argument);
    channel = kind[fd] == CHIP ? fd : control[fd];
    command = (unsigned int)request;    /* as the kernel takes it: a caller's int may come sign-extended */
    pthread_mutex_lock(&lock);
    result = exchange(channel, OP_IOCTL, 0, command, argument, _IOC_SIZE(command), fds, &fd_count);
    pthread_mutex_unlock(&lock);
    if (result < 0) {
        errno = -result;
        return -1;
    }
    if (fd_count == 2 && fds[0] < MAX_FDS) {
        /* a line request: its descriptor (the events' pipe) goes in the struct's last field */
        kind[fds[0]] = REQUEST;
        control[fds[0]] = fds[1];
        memcpy((char *)argument + _IOC_SIZE(command) - sizeof(int32_t), &fds[0], sizeof(int32_t));
    }
    return result;
}

int close(int fd)
{
    REAL(close);
    if (fd >= 0 && fd < MAX_FDS && kind[fd] != NONE) {
        if (kind[fd] == REQUEST)
            real(control[fd]);
        kind[fd] = NONE;
    }
    return real(fd);
}
