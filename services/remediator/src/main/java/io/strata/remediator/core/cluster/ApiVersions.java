package io.strata.remediator.core.cluster;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The version the remediator addresses each kind at: the newest one Strata knows that the API
 * server serves, by API discovery (ADR 048). Discovery is cached and read again once older than
 * {@code maxAge}, or at once when the cached copy serves a kind at no known version (a CRD
 * installed or upgraded since), at most once per {@code missRefresh}.
 */
public final class ApiVersions {

  /** API discovery as the adapter reads it from the API server. */
  public interface Discovery {

    /** Every served version of {@code groups}, with each version's resources. */
    DiscoveredApis discover(Set<String> groups) throws TargetException;

    /** One group version's resource names as served now; empty when it is not served. */
    Optional<Set<String>> resources(String group, String version) throws TargetException;
  }

  /**
   * @param maxAge how long discovery is reused
   * @param missRefresh least time between two reads caused by a kind not served
   */
  public record Settings(Duration maxAge, Duration missRefresh) {

    public static final Settings DEFAULTS =
        new Settings(Duration.ofMinutes(5), Duration.ofSeconds(10));

    public Settings {
      if (maxAge.isNegative() || maxAge.isZero() || missRefresh.isNegative()) {
        throw new IllegalArgumentException(
            "strata.remediator.discovery: max-age must be positive and miss-refresh not negative");
      }
    }
  }

  private final Discovery discovery;
  private final Set<String> groups = new TreeSet<>();
  private final Clock clock;
  private final Settings settings;
  private DiscoveredApis current = DiscoveredApis.NOTHING;
  private Instant readAt;

  /**
   * @param resources every resource the remediator addresses; discovery reads their groups only
   */
  public ApiVersions(
      Discovery discovery, Collection<ApiResource> resources, Clock clock, Settings settings) {
    this.discovery = discovery;
    resources.forEach(r -> groups.add(r.group()));
    this.clock = clock;
    this.settings = settings;
  }

  /**
   * The version to address {@code r} at.
   *
   * @throws TargetException with an {@link UnservedReason} when no version Strata knows is served
   */
  public synchronized String version(ApiResource r) throws TargetException {
    if (olderThan(settings.maxAge())) {
      read();
    }
    Optional<String> version = newestKnown(r);
    if (version.isEmpty() && olderThan(settings.missRefresh())) {
      read();
      version = newestKnown(r);
    }
    if (version.isPresent()) {
      return version.get();
    }
    List<String> serving = current.serving(r);
    String known = String.join(", ", r.versions());
    throw serving.isEmpty()
        ? TargetException.unserved(
            UnservedReason.NOT_SERVED,
            "the API server serves no version of "
                + r.label()
                + " (Strata addresses it at "
                + known
                + ")")
        : TargetException.unserved(
            UnservedReason.UNKNOWN_VERSIONS_ONLY,
            "the API server serves "
                + r.label()
                + " at "
                + String.join(", ", serving)
                + " only (Strata addresses it at "
                + known
                + ")");
  }

  /** The served versions of {@code r} (known to Strata or not), the server's preferred first. */
  public synchronized List<String> serving(ApiResource r) throws TargetException {
    if (olderThan(settings.maxAge())) {
      read();
    }
    return current.serving(r);
  }

  /**
   * After a 404 at {@code version}: whether that version still serves {@code r}, asked of the API
   * server at once (one discovery request). If not, the next {@link #version} reads discovery
   * again.
   */
  public synchronized boolean stillServes(ApiResource r, String version) throws TargetException {
    current = current.with(r, version, discovery.resources(r.group(), version));
    if (current.serves(r, version)) {
      return true;
    }
    readAt = null;
    return false;
  }

  private Optional<String> newestKnown(ApiResource r) {
    return r.versions().stream().filter(v -> current.serves(r, v)).findFirst();
  }

  private void read() throws TargetException {
    current = discovery.discover(groups);
    readAt = clock.instant();
  }

  private boolean olderThan(Duration age) {
    return readAt == null || !clock.instant().isBefore(readAt.plus(age));
  }
}
