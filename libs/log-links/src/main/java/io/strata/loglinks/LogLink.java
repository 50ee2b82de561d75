package io.strata.loglinks;

/**
 * One rendered link.
 *
 * @param template the template's name (its key under {@code log-links.templates})
 * @param subject what the link shows, for example {@code pod llm-7d9f-x2} or {@code trace 4bf9…}
 * @param url the filled template
 */
public record LogLink(String template, String subject, String url) {

  /** The button or link text: {@code Logs (grafana): pod llm-7d9f-x2}. */
  public String label() {
    return "Logs (" + template + "): " + subject;
  }
}
