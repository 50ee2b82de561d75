package io.strata.console.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.strata.console.core.AlertRow;
import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentQuery;
import io.strata.console.core.IncidentRow;
import io.strata.console.core.IncidentTelemetry;
import io.strata.console.core.ReviewMarkdown;
import io.strata.console.core.UnverifiedRecord;
import io.strata.console.http.Upstream;
import io.strata.console.kafka.TelemetryReader;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.ReviewRecord;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON the console's pages poll, and the approval path. Approve / Reject are forwarded to the
 * remediator's authenticated REST API with the caller's own bearer token; without one they are 401
 * here, and the remediator decides what the token's role allows (403 ROLE_NOT_ALLOWED).
 */
@Path("/console/api")
@Produces(MediaType.APPLICATION_JSON)
public class ConsoleApi {

  private static final java.util.regex.Pattern SHA256_HEX =
      java.util.regex.Pattern.compile("[0-9a-fA-F]{64}");

  @Inject ConsoleState state;
  @Inject ConsoleLimits limits;
  @Inject TelemetryReader telemetryReader;
  @Inject Upstream upstream;
  @Inject Clock clock;

  @GET
  @Path("/incidents")
  public Response incidents(
      @QueryParam("state") String incidentState,
      @QueryParam("cluster") String cluster,
      @QueryParam("namespace") String namespace,
      @QueryParam("workload") String workload,
      @QueryParam("class") String incidentClass) {
    IncidentState wantedState;
    IncidentClass wantedClass;
    try {
      wantedState = blank(incidentState) ? null : IncidentState.valueOf(incidentState);
      wantedClass = blank(incidentClass) ? null : IncidentClass.valueOf(incidentClass);
    } catch (IllegalArgumentException e) {
      return error(Response.Status.BAD_REQUEST, "INVALID_FILTER", e.getMessage());
    }
    Instant now = clock.instant();
    List<IncidentRow> rows =
        state.list(
            new IncidentQuery(
                wantedState, orNull(cluster), orNull(namespace), orNull(workload), wantedClass),
            now);
    return json(Map.of("incidents", rows, "total", rows.size(), "generated_at", now));
  }

  /**
   * The list's "Alerts (context)": the Alertmanager alerts (strata.alerts.v1) that no incident
   * carries as evidence, the newest first; resolved ones until {@code
   * limits.resolved-alert-retention} after their resolution.
   */
  @GET
  @Path("/alerts")
  public Response alerts() {
    Instant now = clock.instant();
    List<AlertRow> rows = state.contextAlerts(now);
    return json(Map.of("alerts", rows, "total", rows.size(), "generated_at", now));
  }

  /**
   * The strata.remediation.v1 records whose signature did not verify (ADR 052), the newest first,
   * up to {@code limits.unverified-records}: what each claims, and why it is not believed.
   */
  @GET
  @Path("/journal/unverified")
  public Response unverifiedJournalRecords() {
    List<UnverifiedRecord> records = state.unverifiedRecords();
    return json(
        Map.of(
            "unverified_records",
            records,
            "total",
            records.size(),
            "generated_at",
            clock.instant()));
  }

  @GET
  @Path("/incidents/{id}")
  public Response incident(
      @PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    Optional<ConsoleState.Detail> detail = state.detail(id);
    if (detail.isEmpty()) {
      return error(Response.Status.NOT_FOUND, "UNKNOWN_INCIDENT", "no incident " + id);
    }
    Boolean paused = pauseSwitch(authorization);
    Instant now = clock.instant();
    // Spans, samples and XIDs of this incident only, read on demand (cached between refreshes).
    IncidentTelemetry telemetry = telemetryReader.read(id, detail.get(), limits, now);
    return state
        .page(id, now, paused, telemetry)
        .map(ConsoleApi::json)
        .orElseGet(() -> error(Response.Status.NOT_FOUND, "UNKNOWN_INCIDENT", "no incident " + id));
  }

  @GET
  @Path("/incidents/{id}/review.md")
  @Produces("text/markdown")
  public Response reviewMarkdown(@PathParam("id") String id) {
    Optional<ReviewRecord> review = state.reviewRecord(id);
    if (review.isEmpty()) {
      return error(Response.Status.NOT_FOUND, "NO_REVIEW", "no review record for " + id + " yet");
    }
    return Response.ok(ReviewMarkdown.of(review.get()), "text/markdown; charset=utf-8")
        .header("Content-Disposition", "attachment; filename=\"review-" + id + ".md\"")
        .build();
  }

  @GET
  @Path("/incidents/{id}/review.json")
  public Response reviewJson(@PathParam("id") String id) {
    Optional<ReviewRecord> review = state.reviewRecord(id);
    if (review.isEmpty()) {
      return error(Response.Status.NOT_FOUND, "NO_REVIEW", "no review record for " + id + " yet");
    }
    return Response.fromResponse(json(review.get()))
        .header("Content-Disposition", "attachment; filename=\"review-" + id + ".json\"")
        .build();
  }

  /** Who the caller's token belongs to, as the remediator says. */
  @GET
  @Path("/whoami")
  public Response whoami(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    return forward("GET", "/api/whoami", authorization);
  }

  /**
   * Approves as the caller, bound to the patch the page showed: {@code patch_sha256} is the {@link
   * PatchHash} of the plan item's {@code patch} ({@code plan[].patch_sha256}), and the remediator
   * refuses the approval with 409 PATCH_CHANGED when the proposal's patch is no longer that one.
   * Without it, 400 PATCH_HASH_REQUIRED: the console never approves a patch it did not show.
   */
  @POST
  @Path("/actions/{id}/approve")
  public Response approve(
      @PathParam("id") String id,
      @QueryParam("patch_sha256") String patchSha256,
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    if (!blank(authorization)) {
      if (blank(patchSha256)) {
        return error(
            Response.Status.BAD_REQUEST,
            "PATCH_HASH_REQUIRED",
            "an approval carries patch_sha256, the SHA-256 of the patch the page showed");
      }
      if (!SHA256_HEX.matcher(patchSha256.strip()).matches()) {
        return error(
            Response.Status.BAD_REQUEST,
            "INVALID_PATCH_HASH",
            "patch_sha256 must be 64 hexadecimal characters");
      }
    }
    return forward(
        "POST",
        "/api/actions/"
            + segment(id)
            + "/approve?patch_sha256="
            + (blank(patchSha256) ? "" : patchSha256.strip()),
        authorization);
  }

  /** The remediator's pause switch as it is persisted: on or off, who set it and when. */
  @GET
  @Path("/pause")
  public Response pause(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    return forward("GET", "/api/pause", authorization);
  }

  @POST
  @Path("/actions/{id}/reject")
  public Response reject(
      @PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    return forward("POST", "/api/actions/" + segment(id) + "/reject", authorization);
  }

  private Response forward(String method, String path, String authorization) {
    if (blank(authorization)) {
      return error(
          Response.Status.UNAUTHORIZED, "NOT_SIGNED_IN", "sign in with your remediator API token");
    }
    Upstream.Answer answer = upstream.remediator(method, path, Optional.of(authorization));
    String body = answer.body();
    if (answer.status() == 401) {
      body =
          "{\"reason\":\"UNKNOWN_TOKEN\",\"message\":\"the remediator does not know this token\"}";
    }
    return Response.status(answer.status()).entity(body).type(MediaType.APPLICATION_JSON).build();
  }

  private Boolean pauseSwitch(String authorization) {
    if (blank(authorization)) {
      return null;
    }
    Upstream.Answer answer = upstream.remediator("GET", "/api/pause", Optional.of(authorization));
    if (answer.status() != 200) {
      return null;
    }
    return answer.body().contains("\"paused\":true");
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }

  private static String orNull(String value) {
    return blank(value) ? null : value;
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  static Response error(Response.Status status, String reason, String message) {
    return Response.status(status)
        .entity(write(Map.of("reason", reason, "message", message)))
        .type(MediaType.APPLICATION_JSON)
        .build();
  }

  static Response json(Object body) {
    return Response.ok(write(body), MediaType.APPLICATION_JSON).build();
  }

  private static String write(Object body) {
    try {
      return StrataJson.mapper().writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("console views always serialise", e);
    }
  }
}
