package io.strata.correlator.api;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Which part of a workload's per-GPU and per-pod maps one answer carries: at most {@code gpusLimit}
 * GPUs after the cursor {@code gpusAfter} and at most {@code podsLimit} pods after {@code
 * podsAfter}, each in key order (cursors exclusive; null: from the start). A workload of 5,000 GPUs
 * answered in full is megabytes of JSON; a page of the default 500 of each is about a tenth of it.
 *
 * <p>Each list pages on its own: a client walking the GPUs asks for {@code pods-limit=0}, so a pod
 * list it has finished is not answered from its start again on every page (and the other way
 * round).
 */
public record DetailPage(int gpusLimit, int podsLimit, String gpusAfter, String podsAfter) {

  public static final int DEFAULT_LIMIT = 500;
  public static final int MAX_LIMIT = 5_000;

  public static final DetailPage FIRST = new DetailPage(DEFAULT_LIMIT, DEFAULT_LIMIT, null, null);

  public DetailPage {
    if (gpusLimit < 0 || gpusLimit > MAX_LIMIT || podsLimit < 0 || podsLimit > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "limits must be 0.." + MAX_LIMIT + ", were " + gpusLimit + " and " + podsLimit);
    }
  }

  /**
   * The query parameters as a client sent them (null: absent); a bad limit is a 400 naming it.
   *
   * @param limit both lists' limit, 1..5000 (default 500)
   * @param gpusLimit the GPUs' own, 0..5000 (default {@code limit})
   * @param podsLimit the pods' own, 0..5000 (default {@code limit})
   */
  public static DetailPage parse(
      String limit, String gpusLimit, String podsLimit, String gpusAfter, String podsAfter) {
    int both = number("limit", limit, 1, DEFAULT_LIMIT);
    return new DetailPage(
        number("gpus-limit", gpusLimit, 0, both),
        number("pods-limit", podsLimit, 0, both),
        blankToNull(gpusAfter),
        blankToNull(podsAfter));
  }

  /** The same page as query parameters, for forwarding to the owning instance ({@code &...}). */
  String query() {
    StringBuilder q =
        new StringBuilder("&gpus-limit=")
            .append(gpusLimit)
            .append("&pods-limit=")
            .append(podsLimit);
    if (gpusAfter != null) {
      q.append("&gpus-after=").append(CorrelatorQueries.encoded(gpusAfter));
    }
    if (podsAfter != null) {
      q.append("&pods-after=").append(CorrelatorQueries.encoded(podsAfter));
    }
    return q.toString();
  }

  private static int number(String name, String value, int min, int absent) {
    if (value == null || value.isBlank()) {
      return absent;
    }
    int n;
    try {
      n = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw badRequest(name + " must be a whole number " + min + ".." + MAX_LIMIT);
    }
    if (n < min || n > MAX_LIMIT) {
      throw badRequest(name + " must be " + min + ".." + MAX_LIMIT + ", was " + n);
    }
    return n;
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
}
