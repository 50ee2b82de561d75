package io.strata.journal.signature;

import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.nio.charset.StandardCharsets;

/**
 * The content a journal record's signature covers: every component of a {@link RemediationAction}
 * that decides what is executed or shown as its state, in a fixed order, each written as its length
 * and its text, so no two different actions share an encoding. Spelled out for other languages in
 * docs/EVENTS.md, "Verifying the remediation journal":
 *
 * <pre>
 * "v2" then, per part, "|-" when it is null, else "|" + (its UTF-8 length in bytes) + ":" + text
 * </pre>
 *
 * <p>Parts, in order: action_id, incident_id, step, type, state, target api_version, kind,
 * namespace, name (all four null without a target), patch, inverse_patch, reason, approved_by,
 * approval_channel, approved_at, attempt, max_attempts, dry_run, updated_at, episode, policy rule,
 * policy mode (both null without a policy). Numbers in decimal, booleans {@code true}/{@code
 * false}, enums by name, instants as {@link java.time.Instant#toString()} (ISO-8601 in UTC, the
 * form the event JSON carries). The message and the correlation are left out: they are descriptive
 * and nothing executes from them.
 *
 * <p>Unlike the HMAC's "v1" content, lengths count UTF-8 bytes (not UTF-16 units) and the episode
 * is always present: there are no earlier v2 signatures to stay compatible with.
 */
public final class JournalCanonical {

  /** The first characters of the content: a later encoding starts with another version. */
  public static final String VERSION = "v2";

  private JournalCanonical() {}

  /** The canonical content as text. */
  public static String of(RemediationAction a) {
    TargetRef t = a.target();
    StringBuilder out = new StringBuilder(VERSION);
    for (Object part :
        new Object[] {
          a.actionId(),
          a.incidentId(),
          a.step(),
          a.type(),
          a.state(),
          t == null ? null : t.apiVersion(),
          t == null ? null : t.kind(),
          t == null ? null : t.namespace(),
          t == null ? null : t.name(),
          a.patch(),
          a.inversePatch(),
          a.reason(),
          a.approvedBy(),
          a.approvalChannel(),
          a.approvedAt(),
          a.attempt(),
          a.maxAttempts(),
          a.dryRun(),
          a.updatedAt(),
          a.episode()
        }) {
      append(out, part);
    }
    appendPolicy(out, a);
    return out.toString();
  }

  /** The bytes that are signed: the content in UTF-8. */
  public static byte[] bytes(RemediationAction action) {
    return of(action).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * POLICY FIELDS: the one place the policy that decided an action enters the content (its rule,
   * then its mode; both null when no policy decided it). A policy-approved action must not be
   * re-labelled as a person's, nor the reverse.
   */
  private static void appendPolicy(StringBuilder out, RemediationAction a) {
    PolicyRef policy = a.policy();
    append(out, policy == null ? null : policy.rule());
    append(out, policy == null ? null : policy.mode());
  }

  private static void append(StringBuilder out, Object part) {
    if (part == null) {
      out.append("|-");
    } else {
      String text = part.toString();
      out.append('|').append(text.getBytes(StandardCharsets.UTF_8).length).append(':').append(text);
    }
  }
}
