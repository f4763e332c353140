package cli

import "golang.org/x/sys/unix"

// getTermios is the ioctl request that reads a terminal's settings.
const getTermios = unix.TCGETS
