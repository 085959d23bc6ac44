#!/bin/sh
# Runs the compiled server (`npm run build:server`) with the memory settings measured in
# docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md.
# Each can be overridden from the environment.
# glibc reads its MALLOC_* variables only when a process starts, so they are set here, before
# node runs, and not by the server itself.
set -e
cd "$(dirname "$0")/.."
# Two malloc arenas instead of up to 16 (8 per core): each thread that allocates during start-up
# otherwise keeps an arena of its own, mostly free, for the life of the process.
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# Hand freed memory back to the system sooner, and serve blocks of 64 KB or more with their own
# mapping, which is returned whole when freed instead of staying in the heap.
MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-65536}"
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"
export MALLOC_ARENA_MAX MALLOC_TRIM_THRESHOLD_ MALLOC_MMAP_THRESHOLD_
exec node --max-semi-space-size="${NODE_SEMI_SPACE_MB:-8}" dist/server/main.js
