package io.strata.traceingest.receiver;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;

/**
 * Collects a request body on the event loop, never keeping more than the limit: past it the rest is
 * read and dropped, so the client still gets its answer (413) once it has sent everything instead
 * of a reset connection.
 */
final class BoundedBody {

  /** What became of the body. */
  interface Listener {
    /** The body passed the limit; called once, at once. */
    void overflowed();

    /** The client finished sending: the whole body, or null when it overflowed. */
    void ended(Buffer body);

    /** The connection failed before the end; no other call follows. */
    void failed(Throwable error);
  }

  private final int maxBytes;
  private final Listener listener;
  private final Buffer body;
  private boolean overflowed;
  private boolean failed;

  private BoundedBody(int maxBytes, long declared, Listener listener) {
    this.maxBytes = maxBytes;
    this.listener = listener;
    this.body = Buffer.buffer(declared > 0 && declared <= maxBytes ? (int) declared : 8192);
  }

  static void read(HttpServerRequest request, int maxBytes, Listener listener) {
    BoundedBody reader = new BoundedBody(maxBytes, declaredLength(request), listener);
    request.handler(reader::append);
    request.exceptionHandler(reader::fail);
    request.endHandler(ignored -> reader.end());
  }

  /** Content-Length, or -1 when absent or unreadable. */
  static long declaredLength(HttpServerRequest request) {
    String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    if (length == null) {
      return -1;
    }
    try {
      return Long.parseLong(length.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private void append(Buffer chunk) {
    if (overflowed || failed) {
      return;
    }
    if (body.length() + chunk.length() > maxBytes) {
      overflowed = true;
      listener.overflowed();
      return;
    }
    body.appendBuffer(chunk);
  }

  private void fail(Throwable error) {
    if (!failed) {
      failed = true;
      listener.failed(error);
    }
  }

  private void end() {
    if (!failed) {
      listener.ended(overflowed ? null : body);
    }
  }
}
