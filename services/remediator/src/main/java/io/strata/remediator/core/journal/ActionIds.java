package io.strata.remediator.core.journal;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic action ids: a replay of the same incident revision plans the same ids, so a
 * re-delivered incident never proposes (or executes) an action twice.
 *
 * <p>Ids are per incident episode (ADR 023): a relapse the correlator reopens under the same
 * incident id is the next episode and gets ids of its own, so its cordon is proposed afresh instead
 * of colliding with the resolved episode's (REFUSED) one. Episode 1 hashes exactly what ids hashed
 * before episodes existed, so journals written then, and the e2e module's expectations, still hold.
 */
public final class ActionIds {

  private ActionIds() {}

  /** The id of step {@code step} of an incident's first episode. */
  public static String of(String incidentId, int step, ActionType type, TargetRef target) {
    return of(incidentId, Incident.FIRST_EPISODE, step, type, target);
  }

  /**
   * The id of step {@code step} (1-based position in the class plan) of episode {@code episode}
   * against one target.
   */
  public static String of(
      String incidentId, int episode, int step, ActionType type, TargetRef target) {
    // Episode 1 adds nothing to the hashed text (ids as before episodes); later episodes add a
    // field no episode-1 text can contain at that position ("e" is never a step number).
    String episodePart = episode <= Incident.FIRST_EPISODE ? "" : "e" + episode + '|';
    return "act-"
        + hash(
            incidentId
                + '|'
                + episodePart
                + step
                + '|'
                + type
                + '|'
                + target.apiVersion()
                + '|'
                + target.kind()
                + '|'
                + target.namespace()
                + '|'
                + target.name());
  }

  /** The id of the action that undoes {@code actionId}; at most one undo per action. */
  public static String undoOf(String actionId) {
    return "undo-" + hash("undo|" + actionId);
  }

  private static String hash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 10);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }
}
