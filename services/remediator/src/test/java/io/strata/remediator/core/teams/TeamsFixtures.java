package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.Correlation;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An XID 79 incident and invoke bodies shaped as Teams sends them. */
public final class TeamsFixtures {

  static final Instant T0 = Instant.parse("2026-12-08T10:00:00Z");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private TeamsFixtures() {}

  static Incident xid79() {
    return new Incident(
        "inc-teams-1",
        1,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        IncidentState.OPEN,
        "XID 79 on gpu-node-7",
        Correlation.empty(),
        new Scope(
            "c1",
            List.of("gpu-node-7"),
            List.of("GPU-1"),
            List.of("ml/llm"),
            List.of("v7"),
            true,
            true,
            true),
        new Trigger(Signal.XID, 79, null, "xid", T0, T0),
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(),
            List.of(
                new DeviceEvidence(
                    "gpu-node-7", "GPU-1", Map.of(), List.of(79), HealthStatus.FAIL)),
            List.of(),
            List.of(),
            List.of()),
        List.of(),
        T0,
        T0,
        null,
        null,
        Incident.FIRST_EPISODE,
        null);
  }

  /** An adaptiveCard/action invoke as Teams posts it to the messaging endpoint. */
  public static ObjectNode invoke(
      String activityId, String aadObjectId, String verb, String actionId, String patchHash) {
    ObjectNode a = MAPPER.createObjectNode();
    a.put("type", "invoke");
    a.put("name", "adaptiveCard/action");
    a.put("id", activityId);
    a.put("timestamp", "2026-12-08T10:00:05.123Z");
    a.put("channelId", "msteams");
    a.put("serviceUrl", TeamsTokens.SERVICE_URL);
    a.put("replyToId", "1733652000000");
    a.putObject("from")
        .put("id", "29:1a2b3c")
        .put("name", "On Call")
        .put("aadObjectId", aadObjectId);
    a.putObject("conversation")
        .put("conversationType", "channel")
        .put("id", "19:oncall@thread.tacv2;messageid=1733652000000")
        .put("tenantId", "72f988bf-0000-0000-0000-000000000000");
    a.putObject("recipient").put("id", "28:" + TeamsTokens.APP_ID).put("name", "Strata");
    a.putObject("channelData")
        .putObject("tenant")
        .put("id", "72f988bf-0000-0000-0000-000000000000");
    ObjectNode value = a.putObject("value");
    ObjectNode action = value.putObject("action");
    action.put("type", "Action.Execute");
    action.put("verb", verb);
    ObjectNode data = action.putObject("data");
    data.put("action_id", actionId);
    if (patchHash != null) {
      data.put("patch_sha256", patchHash);
    }
    value.put("trigger", "manual");
    return a;
  }
}
