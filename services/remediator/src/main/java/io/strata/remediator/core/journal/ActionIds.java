package io.strata.remediator.core.journal;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic action ids: a replay of the same incident revision plans the same ids, so a
 * re-delivered incident never proposes (or executes) an action twice.
 */
public final class ActionIds {

  private ActionIds() {}

  /** The id of step {@code step} (1-based position in the class plan) against one target. */
  public static String of(String incidentId, int step, ActionType type, TargetRef target) {
    return "act-"
        + hash(
            incidentId
                + '|'
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
