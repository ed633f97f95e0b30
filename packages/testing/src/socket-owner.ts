import { readdir, readFile, readlink } from "node:fs/promises";

/**
 * Which of `pids` holds the TCP socket whose local port is `port` on loopback (Linux: /proc/net/tcp
 * and the processes' descriptors). A crash test kills the instance that is in the middle of a send,
 * known to the receiver only by the connection's source port.
 */
export async function socketOwner(port: number, pids: number[]): Promise<number | undefined> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (local && parseInt(local.split(":")[1] ?? "", 16) === port && fields[9] && fields[9] !== "0") inodes.add(fields[9]);
    }
  }
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}
