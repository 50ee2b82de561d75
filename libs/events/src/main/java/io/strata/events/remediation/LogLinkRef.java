package io.strata.events.remediation;

/**
 * A link to logs about an incident, as a review remembers it: the filled URL of one of the
 * remediator's log link templates (docs/services/remediator.md, "Log links").
 *
 * @param name the template's name, for example {@code grafana}
 * @param subject what the link shows, for example {@code pod llm-7d9f-x2} or {@code trace 4bf9…}
 * @param url the absolute http(s) URL, each value in it percent-encoded
 */
public record LogLinkRef(String name, String subject, String url) {}
