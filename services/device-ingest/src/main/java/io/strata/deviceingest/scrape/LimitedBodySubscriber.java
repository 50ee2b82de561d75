package io.strata.deviceingest.scrape;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a byte limit; past it, cancels the download and fails with {@link
 * ResponseTooLargeException} so a runaway target cannot exhaust memory.
 */
final class LimitedBodySubscriber implements BodySubscriber<byte[]> {

  private final long limit;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  LimitedBodySubscriber(long limit) {
    this.limit = limit;
  }

  @Override
  public CompletionStage<byte[]> getBody() {
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
      if (bytes.size() + (long) remaining > limit) {
        subscription.cancel();
        result.completeExceptionally(new ResponseTooLargeException(limit));
        return;
      }
      byte[] chunk = new byte[remaining];
      buffer.get(chunk);
      bytes.write(chunk, 0, remaining);
    }
  }

  @Override
  public void onError(Throwable throwable) {
    result.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }

  /** The body exceeded the configured limit. */
  static final class ResponseTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ResponseTooLargeException(long limit) {
      super("response larger than " + limit + " bytes");
    }
  }
}
