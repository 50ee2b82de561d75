package io.strata.correlator.core.incident;

import io.strata.events.incident.IncidentClass;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic incident ids: a hash of class, cluster and primary scope, plus the occurrence
 * number. A restarted correlator (or a replay) names the same incident the same way.
 */
public final class IncidentIds {

  private IncidentIds() {}

  public static String of(
      IncidentClass incidentClass, String cluster, String scopeKey, int occurrence) {
    String identity = incidentClass.name() + "|" + cluster + "|" + scopeKey;
    return "inc-" + sha256(identity).substring(0, 20) + "-" + occurrence;
  }

  private static String sha256(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM ships SHA-256", e);
    }
  }
}
