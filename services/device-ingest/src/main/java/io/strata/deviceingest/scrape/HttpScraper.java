package io.strata.deviceingest.scrape;

import io.strata.deviceingest.scrape.LimitedBodySubscriber.ResponseTooLargeException;
import io.strata.events.device.FindingReason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;

/**
 * Fetches /metrics pages asynchronously (the JDK client: no thread waits on a slow target), with a
 * per-scrape timeout, gzip accepted and a response size limit on the wire and after decoding. Every
 * failure completes the future with a {@link ScrapeFailure} carrying its reason.
 */
public final class HttpScraper {

  static final String ACCEPT =
      "text/plain;version=0.0.4;q=0.9,application/openmetrics-text;version=1.0.0;q=0.5,*/*;q=0.1";

  private final HttpClient client;
  private final Duration timeout;
  private final int maxBytes;

  /** A target's request, built once: an HttpRequest is immutable and may be sent again. */
  private final Map<String, HttpRequest> requests = new ConcurrentHashMap<>();

  public HttpScraper(Duration timeout, int maxBytes, Executor executor) {
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            // HTTP/1.1 with the client's keep-alive pool: one connection per exporter, reused by
            // every scrape (no h2c upgrade attempt on plain http, which the exporter does not
            // speak).
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .executor(executor)
            .build();
    this.timeout = timeout;
    this.maxBytes = maxBytes;
  }

  public CompletableFuture<ScrapeResponse> fetch(String url) {
    HttpRequest request = requests.get(url);
    if (request == null) {
      try {
        request =
            HttpRequest.newBuilder(URI.create(url))
                .timeout(timeout)
                .header("Accept", ACCEPT)
                .header("Accept-Encoding", "gzip")
                .GET()
                .build();
      } catch (IllegalArgumentException e) {
        return CompletableFuture.failedFuture(
            new ScrapeFailure(FindingReason.CONNECTION_FAILED, "invalid URL " + url, e));
      }
      requests.put(url, request);
    }
    return client
        .sendAsync(
            request,
            info ->
                new LimitedBodySubscriber(
                    maxBytes, info.headers().firstValueAsLong("Content-Length").orElse(-1)))
        .orTimeout(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS)
        .handle((response, error) -> complete(url, response, error));
  }

  /** Drops the request of a target that is gone. */
  public void forget(String url) {
    requests.remove(url);
  }

  private ScrapeResponse complete(
      String url, HttpResponse<LimitedBodySubscriber.Body> response, Throwable error) {
    if (error != null) {
      throw new CompletionException(classify(url, unwrap(error)));
    }
    if (response.statusCode() != 200) {
      throw new CompletionException(
          new ScrapeFailure(
              FindingReason.HTTP_STATUS, url + " answered HTTP " + response.statusCode()));
    }
    LimitedBodySubscriber.Body received = response.body();
    byte[] body = received.bytes();
    int length = received.length();
    String encoding = response.headers().firstValue("Content-Encoding").orElse("");
    if (encoding.equalsIgnoreCase("gzip")) {
      body = gunzip(url, received);
      length = body.length;
    }
    // The bytes go to the parser as they are: no String of the page is decoded.
    return new ScrapeResponse(
        body,
        length,
        response.headers().firstValue("Content-Type").orElse(null),
        received.length());
  }

  private byte[] gunzip(String url, LimitedBodySubscriber.Body compressed) {
    try (InputStream in =
        new GZIPInputStream(new ByteArrayInputStream(compressed.bytes(), 0, compressed.length()))) {
      byte[] decoded = in.readNBytes(maxBytes + 1);
      if (decoded.length > maxBytes) {
        throw new CompletionException(
            new ScrapeFailure(
                FindingReason.RESPONSE_TOO_LARGE,
                url + " decompresses to more than " + maxBytes + " bytes"));
      }
      return decoded;
    } catch (IOException e) {
      throw new CompletionException(
          new ScrapeFailure(
              FindingReason.CONNECTION_FAILED,
              url + " sent a corrupt gzip body: " + e.getMessage(),
              e));
    }
  }

  private static ScrapeFailure classify(String url, Throwable error) {
    if (error instanceof ScrapeFailure failure) {
      return failure;
    }
    if (error instanceof ResponseTooLargeException) {
      return new ScrapeFailure(FindingReason.RESPONSE_TOO_LARGE, url + ": " + error.getMessage());
    }
    if (error instanceof HttpTimeoutException || error instanceof TimeoutException) {
      return new ScrapeFailure(FindingReason.TIMEOUT, url + " did not answer in time");
    }
    return new ScrapeFailure(
        FindingReason.CONNECTION_FAILED,
        url
            + ": "
            + error.getClass().getSimpleName()
            + (error.getMessage() == null ? "" : " " + error.getMessage()),
        error);
  }

  private static Throwable unwrap(Throwable error) {
    Throwable current = error;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    if (current instanceof IOException && current.getCause() instanceof ResponseTooLargeException) {
      return current.getCause();
    }
    return current;
  }
}
