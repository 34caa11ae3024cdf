/** At most `max` open connections per client address: one host cannot take the process's file handles with slow
 *  connections (21,000 of them once made /healthz fail). A connection past the limit is closed as it comes, before
 *  a byte is read. 0 turns the limit off (behind a proxy, every connection has the proxy's address). */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export function limitConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
