package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.strata.k8swatcher.dra.ClaimMapper;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.dra.DraClaim;
import io.strata.k8swatcher.dra.DraSlice;
import io.strata.k8swatcher.mapping.MappingException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * ResourceClaim and ResourceSlice informers of one resource.k8s.io version, read through the
 * version-neutral model.
 */
final class DraWatch<C extends HasMetadata, S extends HasMetadata> {

  static final String POOL_INDEX = "pool";

  private final DraApiVersion version;
  private final ScopedInformers<C> claims;
  private final ScopedInformers<S> slices;
  private final Function<C, DraClaim> claimOf;
  private final Function<S, DraSlice> sliceOf;

  DraWatch(
      DraApiVersion version,
      ScopedInformers<C> claims,
      ScopedInformers<S> slices,
      Function<C, DraClaim> claimOf,
      Function<S, DraSlice> sliceOf) {
    this.version = version;
    this.claims = claims;
    this.slices = slices;
    this.claimOf = claimOf;
    this.sliceOf = sliceOf;
    claims.index(POOL_INDEX, this::poolsOf);
  }

  DraApiVersion version() {
    return version;
  }

  void handle(StateEmitter emitter, WatchMetrics metrics) {
    claims.handle(
        new Notifications<>(
            claims.resource(),
            metrics,
            claim -> emitter.claim(claimOf.apply(claim)),
            (old, claim) -> emitter.claim(claimOf.apply(claim)),
            claim -> emitter.claimDeleted(claimOf.apply(claim))));
    slices.handle(
        new Notifications<>(
            slices.resource(),
            metrics,
            slice -> emitter.slice(sliceOf.apply(slice)),
            (old, slice) -> {
              if (!Notifications.isResync(old, slice)) {
                emitter.slice(sliceOf.apply(slice));
              }
            },
            slice -> emitter.sliceDeleted(slice.getMetadata().getName())));
  }

  List<DraClaim> claimsInPool(String poolKey) {
    return claims.byIndex(POOL_INDEX, poolKey).stream()
        .map(this::safeClaim)
        .filter(Objects::nonNull)
        .toList();
  }

  List<DraClaim> allClaims() {
    return claims.list().stream().map(this::safeClaim).filter(Objects::nonNull).toList();
  }

  List<DraSlice> allSlices() {
    return slices.list().stream().map(sliceOf).toList();
  }

  List<ScopedInformers<?>> informers() {
    return List.of(claims, slices);
  }

  CompletionStage<Void> start() {
    return slices.start().thenCompose(v -> claims.start());
  }

  private List<String> poolsOf(C claim) {
    DraClaim neutral = safeClaim(claim);
    return neutral == null ? List.of() : ClaimMapper.poolKeys(neutral);
  }

  /** Index functions must not throw; a malformed claim is reported when it is mapped. */
  private DraClaim safeClaim(C claim) {
    try {
      return claimOf.apply(claim);
    } catch (MappingException e) {
      return null;
    }
  }
}
