package io.strata.correlator.api;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Which part of a workload's per-GPU and per-pod maps one answer carries: at most {@code limit} of
 * each, in key order, after the cursors {@code gpusAfter} and {@code podsAfter} (exclusive; null:
 * from the start). A workload of 5,000 GPUs answered in full was 7.5 MB of JSON (live run at 10,000
 * GPUs, 2026-12-05); a page of the default 500 is about a tenth of that.
 */
public record DetailPage(int limit, String gpusAfter, String podsAfter) {

  public static final int DEFAULT_LIMIT = 500;
  public static final int MAX_LIMIT = 5_000;

  public static final DetailPage FIRST = new DetailPage(DEFAULT_LIMIT, null, null);

  public DetailPage {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + ", was " + limit);
    }
  }

  /**
   * The query parameters as a client sent them; a bad {@code limit} is a 400 naming it.
   *
   * @param limit digits, or null for the default
   */
  public static DetailPage parse(String limit, String gpusAfter, String podsAfter) {
    int n = DEFAULT_LIMIT;
    if (limit != null) {
      try {
        n = Integer.parseInt(limit.strip());
      } catch (NumberFormatException e) {
        throw badRequest("limit must be a whole number 1.." + MAX_LIMIT);
      }
      if (n < 1 || n > MAX_LIMIT) {
        throw badRequest("limit must be 1.." + MAX_LIMIT + ", was " + n);
      }
    }
    return new DetailPage(n, blankToNull(gpusAfter), blankToNull(podsAfter));
  }

  /** The same page as query parameters, for forwarding to the owning instance ({@code &...}). */
  String query() {
    StringBuilder q = new StringBuilder("&limit=").append(limit);
    if (gpusAfter != null) {
      q.append("&gpus-after=").append(encode(gpusAfter));
    }
    if (podsAfter != null) {
      q.append("&pods-after=").append(encode(podsAfter));
    }
    return q.toString();
  }

  /** A 400 whose body says why, as the API's other refusals do (text/plain). */
  private static BadRequestException badRequest(String reason) {
    return new BadRequestException(
        reason,
        Response.status(Response.Status.BAD_REQUEST)
            .type(MediaType.TEXT_PLAIN)
            .entity(reason)
            .build());
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
