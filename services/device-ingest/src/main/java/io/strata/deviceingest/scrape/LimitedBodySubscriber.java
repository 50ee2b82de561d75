package io.strata.deviceingest.scrape;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a byte limit straight into one array (sized from Content-Length
 * when the response has one, so a page is copied once, from the client's buffers into it); past the
 * limit, cancels the download and fails with {@link ResponseTooLargeException} so a runaway target
 * cannot exhaust memory.
 */
final class LimitedBodySubscriber implements BodySubscriber<LimitedBodySubscriber.Body> {

  /** What was received: {@code bytes[0, length)}. */
  record Body(byte[] bytes, int length) {}

  private static final int DEFAULT_INITIAL = 64 * 1024;

  private final long limit;
  private final CompletableFuture<Body> result = new CompletableFuture<>();
  private byte[] bytes;
  private int size;
  private Flow.Subscription subscription;

  /** {@code expectedLength}: the response's Content-Length, or -1 when it has none. */
  LimitedBodySubscriber(long limit, long expectedLength) {
    this.limit = limit;
    long initial = expectedLength >= 0 ? Math.min(expectedLength, limit) : DEFAULT_INITIAL;
    this.bytes = new byte[(int) Math.max(0, Math.min(initial, Integer.MAX_VALUE - 8))];
  }

  @Override
  public CompletionStage<Body> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      int remaining = buffer.remaining();
      if (size + (long) remaining > limit) {
        subscription.cancel();
        result.completeExceptionally(new ResponseTooLargeException(limit));
        return;
      }
      if (size + remaining > bytes.length) {
        long grown = Math.max((long) bytes.length * 2, (long) size + remaining);
        bytes = Arrays.copyOf(bytes, (int) Math.min(grown, limit));
      }
      buffer.get(bytes, size, remaining);
      size += remaining;
    }
  }

  @Override
  public void onError(Throwable throwable) {
    result.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    result.complete(new Body(bytes, size));
  }

  /** The body exceeded the configured limit. */
  static final class ResponseTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ResponseTooLargeException(long limit) {
      super("response larger than " + limit + " bytes");
    }
  }
}
