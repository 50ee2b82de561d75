package io.strata.simulator.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every PATCH of the mock API that carries the remediator's action marker, in arrival order, and a
 * one-shot hold of the next one for fault tests. The marker is the annotation the remediator writes
 * with each patch (services/remediator Markers.ACTION_ID, docs/services/remediator.md); the
 * simulator reads it from the request body and never imports the remediator. Holding is off until
 * {@link #holdNext} arms it.
 */
public final class PatchLog {

  /** The remediator's per-action marker annotation. */
  public static final String ACTION_ID_ANNOTATION = "strata.io/action-id";

  /** The annotation as a JSON Pointer segment (RFC 6901: "/" is "~1"). */
  private static final String ESCAPED_ACTION_ID = "strata.io~1action-id";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<MarkedPatch> patches = new CopyOnWriteArrayList<>();
  private final Clock clock;
  private Armed armed;

  private record Armed(PatchHold hold, Duration duration, CompletableFuture<MarkedPatch> held) {}

  /** What the dispatcher does with one marked PATCH. */
  record Verdict(PatchHold hold, Duration duration, CompletableFuture<MarkedPatch> held) {
    static final Verdict PASS = new Verdict(PatchHold.NONE, Duration.ZERO, null);
  }

  public PatchLog(Clock clock) {
    this.clock = clock;
  }

  /**
   * Holds the next marked PATCH as {@code hold} says for {@code duration}; the future completes
   * with that request as soon as it arrives (before the held answer is sent).
   */
  public synchronized CompletableFuture<MarkedPatch> holdNext(PatchHold hold, Duration duration) {
    if (hold == PatchHold.NONE) {
      throw new IllegalArgumentException("hold NONE holds nothing");
    }
    CompletableFuture<MarkedPatch> held = new CompletableFuture<>();
    armed = new Armed(hold, duration, held);
    return held;
  }

  /** Disarms a hold that was not used. */
  public synchronized void cancelHold() {
    if (armed != null) {
      armed.held().cancel(false);
      armed = null;
    }
  }

  public List<MarkedPatch> patches() {
    return List.copyOf(patches);
  }

  /** How many PATCHes carrying {@code actionId} the mock's storage applied. */
  public long applied(String actionId) {
    return patches.stream().filter(p -> p.applied() && p.actionId().equals(actionId)).count();
  }

  /**
   * The action id a PATCH body's marker names, if it carries one: a JSON merge patch (RFC 7386)
   * with {@code metadata.annotations}, or a JSON Patch (RFC 6902, what the remediator sends:
   * services/remediator JsonPatches) adding the annotation, its map or the metadata.
   */
  static Optional<String> markerOf(String body) {
    if (body == null
        || (!body.contains(ESCAPED_ACTION_ID) && !body.contains(ACTION_ID_ANNOTATION))) {
      return Optional.empty();
    }
    try {
      JsonNode patch = JSON.readTree(body);
      if (!patch.isArray()) {
        return text(patch.path("metadata").path("annotations").path(ACTION_ID_ANNOTATION));
      }
      for (JsonNode op : patch) {
        String verb = op.path("op").asText();
        if (!verb.equals("add") && !verb.equals("replace")) {
          continue;
        }
        JsonNode value = op.path("value");
        Optional<String> id =
            switch (op.path("path").asText()) {
              case "/metadata/annotations/" + ESCAPED_ACTION_ID -> text(value);
              case "/metadata/annotations" -> text(value.path(ACTION_ID_ANNOTATION));
              case "/metadata" -> text(value.path("annotations").path(ACTION_ID_ANNOTATION));
              default -> Optional.empty();
            };
        if (id.isPresent()) {
          return id;
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> text(JsonNode node) {
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }

  /** Takes the armed hold, if any, for the marked PATCH now arriving. */
  synchronized Verdict take() {
    if (armed == null) {
      return Verdict.PASS;
    }
    Verdict verdict = new Verdict(armed.hold(), armed.duration(), armed.held());
    armed = null;
    return verdict;
  }

  MarkedPatch record(String path, String actionId, boolean applied, int status) {
    MarkedPatch patch = new MarkedPatch(path, actionId, clock.instant(), applied, status);
    patches.add(patch);
    return patch;
  }
}
