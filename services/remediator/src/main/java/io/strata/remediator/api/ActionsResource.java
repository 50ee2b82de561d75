package io.strata.remediator.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.RemediationService;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.Decision;
import io.strata.remediator.core.guard.PauseControl;
import io.strata.remediator.core.guard.PauseState;
import io.strata.remediator.core.guard.PauseStoreException;
import io.strata.remediator.core.journal.ActionJournal;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Approvals over REST for a console, a CLI and teams without Slack. JSON bodies use Strata's event
 * mapping (snake_case), the same as strata.remediation.v1.
 */
@Path("/api")
@BearerAuth
@Produces(MediaType.APPLICATION_JSON)
public class ActionsResource {

  @Inject ActionJournal journal;
  @Inject RemediationService service;
  @Inject PauseControl pause;
  @Inject RemediatorConfig config;

  @GET
  @Path("/actions")
  public Response list(@QueryParam("incident") String incident, @QueryParam("state") String state) {
    Optional<ActionState> wanted;
    try {
      wanted = Optional.ofNullable(state).map(ActionState::valueOf);
    } catch (IllegalArgumentException e) {
      return error(Response.Status.BAD_REQUEST, "INVALID_STATE", "unknown state " + state);
    }
    List<RemediationAction> actions =
        journal.store().all().stream()
            .filter(a -> incident == null || incident.equals(a.incidentId()))
            .filter(a -> wanted.isEmpty() || wanted.get() == a.state())
            .toList();
    return json(Response.Status.OK, actions);
  }

  @GET
  @Path("/actions/{id}")
  public Response history(@PathParam("id") String id) {
    List<RemediationAction> history = journal.store().history(id);
    return history.isEmpty()
        ? error(Response.Status.NOT_FOUND, "UNKNOWN_ACTION", "no action " + id)
        : json(Response.Status.OK, history);
  }

  /**
   * Approves. The body may be empty or {@code {"patch_sha256": "<hex>"}} (also accepted as the
   * query parameter {@code patch_sha256}): the SHA-256 of the action's {@code patch} text as the
   * approver was shown it (of the empty text when it had none). A different current patch is
   * refused with 409 PATCH_CHANGED.
   */
  @POST
  @Path("/actions/{id}/approve")
  @Consumes(MediaType.WILDCARD)
  public Response approve(
      @PathParam("id") String id,
      @QueryParam("patch_sha256") String patchQuery,
      @Context ContainerRequestContext request,
      byte[] body) {
    Optional<String> shown;
    try {
      Optional<String> fromBody = DecisionBody.patchHash(body);
      shown = fromBody.isPresent() ? fromBody : DecisionBody.queryHash(patchQuery);
    } catch (DecisionBody.Invalid e) {
      return error(Response.Status.BAD_REQUEST, e.reason(), e.getMessage());
    }
    return decide(RemediationService.Command.APPROVE, ApiRole.APPROVER, id, shown, request);
  }

  @POST
  @Path("/actions/{id}/reject")
  @Consumes(MediaType.WILDCARD)
  public Response reject(@PathParam("id") String id, @Context ContainerRequestContext request) {
    return decide(
        RemediationService.Command.REJECT, ApiRole.APPROVER, id, Optional.empty(), request);
  }

  @POST
  @Path("/actions/{id}/undo")
  @Consumes(MediaType.WILDCARD)
  public Response undo(@PathParam("id") String id, @Context ContainerRequestContext request) {
    return decide(RemediationService.Command.UNDO, ApiRole.OPERATOR, id, Optional.empty(), request);
  }

  /** Who the token belongs to and what it may do, so a console can show only working buttons. */
  @GET
  @Path("/whoami")
  public Response whoami(@Context ContainerRequestContext request) {
    ApiPrincipal caller = caller(request);
    return json(
        Response.Status.OK,
        Map.of(
            "principal", caller.name(),
            "role", caller.role().name(),
            "can_approve", caller.role().allows(ApiRole.APPROVER),
            "can_operate", caller.role().allows(ApiRole.OPERATOR)));
  }

  /**
   * The global pause switch as persisted: {@code {"paused": true, "changed_by": "alice",
   * "changed_at": "2026-12-01T10:00:00Z"}} ({@code changed_*} null when nobody ever set it).
   */
  @GET
  @Path("/pause")
  public Response paused() {
    return json(Response.Status.OK, pauseBody(pause.current()));
  }

  /**
   * Sets or clears the pause, recorded with the caller and the time in the Lease {@code
   * <lease-name>-pause}. A standby answers 503 NOT_LEADER; 503 PAUSE_NOT_PERSISTED when the Lease
   * could not be written (a pause then still holds in this instance, a resume does not happen).
   */
  @PUT
  @Path("/pause/{value}")
  public Response setPause(
      @PathParam("value") boolean value, @Context ContainerRequestContext request) {
    Optional<Response> denied = denied(request, ApiRole.OPERATOR, "set the pause switch");
    if (denied.isPresent()) {
      return denied.get();
    }
    if (!service.isActive()) {
      return error(
          Response.Status.SERVICE_UNAVAILABLE,
          "NOT_LEADER",
          "this remediator is a standby; the one holding the Lease sets the pause (retry)");
    }
    try {
      return json(Response.Status.OK, pauseBody(pause.set(value, caller(request).name())));
    } catch (PauseStoreException e) {
      Map<String, Object> body = pauseBody(pause.current());
      body.put("reason", "PAUSE_NOT_PERSISTED");
      body.put("message", e.getMessage() + (value ? "; paused in this instance only" : ""));
      return json(Response.Status.SERVICE_UNAVAILABLE, body);
    }
  }

  private static Map<String, Object> pauseBody(PauseState state) {
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("paused", state.paused());
    body.put("changed_by", state.by());
    body.put("changed_at", state.at() == null ? null : state.at().toString());
    return body;
  }

  private Response decide(
      RemediationService.Command command,
      ApiRole needed,
      String id,
      Optional<String> shownPatchHash,
      ContainerRequestContext request) {
    Optional<Response> denied =
        denied(request, needed, command.name().toLowerCase(java.util.Locale.ROOT) + " actions");
    if (denied.isPresent()) {
      return denied.get();
    }
    // Only for a pending proposal, after the role check: a viewer learns only that it may not
    // approve, an unknown or decided action keeps its own answer (404, 409 NOT_PENDING).
    if (command == RemediationService.Command.APPROVE
        && shownPatchHash.isEmpty()
        && config.approval().requirePatchHash()
        && journal.store().latest(id).map(a -> a.state() == ActionState.PROPOSED).orElse(false)) {
      return error(
          Response.Status.BAD_REQUEST,
          "PATCH_HASH_REQUIRED",
          "an approval must carry patch_sha256, the SHA-256 of the patch you were shown");
    }
    String principal = caller(request).name();
    Decision decision =
        service.decide(
            command, id, principal, ApprovalChannel.REST, shownPatchHash, Optional.empty());
    return switch (decision.outcome()) {
      case APPROVED, REJECTED -> json(Response.Status.ACCEPTED, decision.action().orElseThrow());
      case PENDING ->
          error(Response.Status.ACCEPTED, decision.outcome().name(), decision.message());
      case UNKNOWN_ACTION ->
          error(Response.Status.NOT_FOUND, decision.outcome().name(), decision.message());
      case NOT_LEADER ->
          error(Response.Status.SERVICE_UNAVAILABLE, decision.outcome().name(), decision.message());
      case NOT_ALLOWED ->
          error(Response.Status.FORBIDDEN, decision.outcome().name(), decision.message());
      case NOT_PENDING, NOT_UNDOABLE, PATCH_CHANGED, EXPIRED, INCIDENT_RESOLVED, INCIDENT_OPEN ->
          error(Response.Status.CONFLICT, decision.outcome().name(), decision.message());
    };
  }

  private static ApiPrincipal caller(ContainerRequestContext request) {
    return (ApiPrincipal) request.getProperty(BearerAuthFilter.CALLER);
  }

  /** 403 ROLE_NOT_ALLOWED when the caller's role does not include {@code needed}. */
  private static Optional<Response> denied(
      ContainerRequestContext request, ApiRole needed, String what) {
    ApiPrincipal caller = caller(request);
    if (caller.role().allows(needed)) {
      return Optional.empty();
    }
    return Optional.of(
        error(
            Response.Status.FORBIDDEN,
            "ROLE_NOT_ALLOWED",
            caller.name()
                + " has role "
                + caller.role()
                + "; to "
                + what
                + " needs "
                + needed
                + " or above"));
  }

  private static Response error(Response.Status status, String reason, String message) {
    return json(status, Map.of("reason", reason, "message", message));
  }

  private static Response json(Response.Status status, Object body) {
    try {
      return Response.status(status).entity(StrataJson.mapper().writeValueAsString(body)).build();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("events always serialise", e);
    }
  }
}
