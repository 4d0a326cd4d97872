// Lingering close, as nginx's own lingering_close does. A route that refuses a body while it is still
// arriving (413, 403 on uploads) answers at once with Connection: close. Node then closes the socket
// as soon as the answer is written; the body bytes still in flight reach a closed socket, whose kernel
// answers them with a TCP reset, and a reset can discard the answer before the peer (our nginx edge, a
// client) has read it: the client then sees a 502 or a broken connection instead of the 413.
// Instead, the socket's write side is closed (FIN) and the socket stays open until the peer closes
// too, for at most `lingerMs`: the peer reads the answer meanwhile. Only then is it destroyed.

/** Gives every connection of `server` a lingering close. */
export function lingerOnClose(server, { lingerMs = 2000 } = {}) {
  server.on("connection", (socket) => {
    // net.Socket#destroySoon is what Node's HTTP server calls once a Connection: close answer is written
    socket.destroySoon = function lingeringDestroySoon() {
      if (this.destroyed) return;
      const destroy = () => this.destroy();
      const timer = setTimeout(destroy, lingerMs);
      timer.unref();
      this.once("close", () => clearTimeout(timer));
      this.once("end", destroy); // the peer closed its side: nothing more will arrive
      if (this.writable) this.end();
    };
  });
}
