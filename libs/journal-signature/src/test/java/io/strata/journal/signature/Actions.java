package io.strata.journal.signature;

import io.strata.events.Correlation;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** The two fixed actions and the committed keys of the tests (resources/README.md). */
final class Actions {

  static final Instant AT = Instant.parse("2026-12-01T12:25:24Z");

  /** A person's approval of a cordon, first episode, no policy. */
  static final RemediationAction CORDON =
      new RemediationAction(
          "act-e79c0234fd22daf84871",
          "inc-f9232929",
          1,
          ActionType.CORDON_NODE,
          ActionState.APPROVED,
          new TargetRef("v1", "Node", null, "gpu-node-003"),
          "{\"spec\":{\"unschedulable\":true}}",
          "{\"spec\":{\"unschedulable\":null}}",
          ActionOutcomeReason.UNSPECIFIED,
          "approved by U0SIMONCALL",
          "U0SIMONCALL",
          ApprovalChannel.SLACK,
          AT,
          0,
          3,
          false,
          Correlation.empty(),
          Instant.parse("2026-12-01T12:25:24.250Z"),
          1,
          null);

  /** A policy's approval in episode 2, a non-ASCII approver, no inverse patch. */
  static final RemediationAction PAUSE =
      new RemediationAction(
          "act-3e176113a7a40fd48772",
          "inc-f9232929",
          2,
          ActionType.PAUSE_NEW_BATCHES,
          ActionState.APPROVED,
          new TargetRef("v1", "Pod", "inference", "llm-serve-0"),
          "{\"metadata\":{\"labels\":{\"strata.io/paused\":\"true\"}}}",
          null,
          ActionOutcomeReason.UNSPECIFIED,
          "approved by policy",
          "zoë@example.com",
          ApprovalChannel.POLICY,
          AT,
          0,
          3,
          false,
          Correlation.empty(),
          AT,
          2,
          new PolicyRef("gpu-faults-auto", PolicyMode.AUTO));

  private Actions() {}

  static String resource(String name) {
    try (InputStream in = Actions.class.getResourceAsStream("/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one-line base64 DER inside a PEM file. */
  static String base64Der(String pem) {
    return pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
  }
}
