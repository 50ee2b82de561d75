package io.strata.kubetest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Kubernetes API access in RBAC terms: the (apiGroup, resource, verb) of each request the code made
 * to the fabric8 mock server, and of each rule in deploy/base/<service>/rbac.yaml, so a service
 * test can require the two sets to be equal (nothing missing, nothing unused). A request to a
 * non-resource URL (API discovery) needs no rule of a service's own: the default {@code
 * system:discovery} ClusterRole grants it to every authenticated account, and only what that role
 * grants passes. Test scope only.
 */
public final class KubeAccess {

  /** One RBAC permission; apiGroup "" is the core group. */
  public record Permission(String apiGroup, String resource, String verb)
      implements Comparable<Permission> {
    @Override
    public int compareTo(Permission other) {
      return toString().compareTo(other.toString());
    }

    @Override
    public String toString() {
      return (apiGroup.isEmpty() ? "core" : apiGroup) + "/" + resource + ":" + verb;
    }
  }

  /**
   * What the recorded requests needed: RBAC permissions, and the non-resource URLs (discovery) that
   * {@code system:discovery} grants.
   */
  public record Recorded(Set<Permission> permissions, Set<String> discovery) {}

  /**
   * The non-resource URLs the default ClusterRole {@code system:discovery} lets every authenticated
   * account GET (bound to {@code system:authenticated}; kubernetes/kubernetes
   * plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go). A trailing {@code *} is a prefix.
   */
  static final List<String> SYSTEM_DISCOVERY =
      List.of(
          "/livez",
          "/readyz",
          "/healthz",
          "/version",
          "/version/",
          "/openapi",
          "/openapi/*",
          "/api",
          "/api/*",
          "/apis",
          "/apis/*");

  private KubeAccess() {}

  /** Whether {@code system:discovery} grants a non-resource request (only GET, only its URLs). */
  public static boolean grantedToEveryAccount(String method, String pathAndQuery) {
    int queryAt = pathAndQuery.indexOf('?');
    String path = queryAt < 0 ? pathAndQuery : pathAndQuery.substring(0, queryAt);
    return "GET".equals(method)
        && SYSTEM_DISCOVERY.stream()
            .anyMatch(
                url ->
                    url.endsWith("*")
                        ? path.startsWith(url.substring(0, url.length() - 1))
                        : path.equals(url));
  }

  /**
   * The permission a request needs, or empty for a non-resource URL (such as API discovery: {@code
   * /api}, {@code /apis/<group>/<version>}; see {@link #grantedToEveryAccount}).
   */
  public static Optional<Permission> of(String method, String pathAndQuery) {
    int queryAt = pathAndQuery.indexOf('?');
    String path = queryAt < 0 ? pathAndQuery : pathAndQuery.substring(0, queryAt);
    String query = queryAt < 0 ? "" : pathAndQuery.substring(queryAt + 1);
    List<String> segments = List.of(path.replaceFirst("^/", "").split("/"));
    int resourceAt;
    String group;
    if (segments.get(0).equals("api")) {
      group = "";
      resourceAt = 2;
    } else if (segments.get(0).equals("apis")) {
      group = segments.size() > 1 ? segments.get(1) : "";
      resourceAt = 3;
    } else {
      return Optional.empty();
    }
    if (segments.size() > resourceAt + 1 && segments.get(resourceAt).equals("namespaces")) {
      resourceAt += 2;
    }
    if (segments.size() <= resourceAt) {
      return Optional.empty();
    }
    String resource = segments.get(resourceAt);
    boolean named = segments.size() > resourceAt + 1;
    if (segments.size() > resourceAt + 2) {
      resource = resource + "/" + segments.get(resourceAt + 2);
    }
    boolean watch = List.of(query.split("&")).contains("watch=true");
    String verb =
        switch (method) {
          case "GET" -> watch ? "watch" : named ? "get" : "list";
          case "POST" -> "create";
          case "PUT" -> "update";
          case "PATCH" -> "patch";
          case "DELETE" -> named ? "delete" : "deletecollection";
          default -> throw new IllegalArgumentException("unexpected method " + method);
        };
    return Optional.of(new Permission(group, resource, verb));
  }

  /**
   * Drains the requests the mock server recorded so far, as permissions.
   *
   * @throws AssertionError for a non-resource request that {@code system:discovery} does not grant:
   *     neither deploy/ RBAC nor the default roles would let the service make it
   */
  public static Set<Permission> recorded(KubernetesMockServer server) throws InterruptedException {
    return recordedAccess(server).permissions();
  }

  /**
   * Drains the requests recorded so far: their permissions and discovery URLs, as {@link
   * #recorded}.
   */
  public static Recorded recordedAccess(KubernetesMockServer server) throws InterruptedException {
    Set<Permission> permissions = new TreeSet<>();
    Set<String> discovery = new TreeSet<>();
    RecordedRequest request;
    while ((request = server.takeRequest(10, TimeUnit.MILLISECONDS)) != null) {
      Optional<Permission> permission = of(request.getMethod(), request.getPath());
      if (permission.isPresent()) {
        permissions.add(permission.get());
      } else if (grantedToEveryAccount(request.getMethod(), request.getPath())) {
        discovery.add(request.getPath());
      } else {
        throw new AssertionError(
            request.getMethod()
                + " "
                + request.getPath()
                + " is a non-resource request that the default system:discovery role does not"
                + " grant: a service would need its own nonResourceURLs rule for it");
      }
    }
    return new Recorded(permissions, discovery);
  }

  /** Forgets the requests recorded so far (the test's own setup). */
  public static void drain(KubernetesMockServer server) throws InterruptedException {
    recorded(server);
  }

  /**
   * Every permission the Roles and ClusterRoles in {@code rbacYaml} grant, one per apiGroup ×
   * resource × verb. A wildcard is refused: least privilege names what it grants. So is a
   * nonResourceURLs rule: discovery comes with system:discovery, and anything else would be a grant
   * this comparison cannot see.
   */
  public static Set<Permission> granted(KubernetesClient client, Path rbacYaml) {
    Set<Permission> permissions = new TreeSet<>();
    try (InputStream in = Files.newInputStream(rbacYaml)) {
      for (HasMetadata object : client.load(in).items()) {
        List<PolicyRule> rules =
            object instanceof ClusterRole role
                ? role.getRules()
                : object instanceof Role role ? role.getRules() : List.of();
        for (PolicyRule rule : rules) {
          if (rule.getNonResourceURLs() != null && !rule.getNonResourceURLs().isEmpty()) {
            throw new AssertionError(rbacYaml + " grants non-resource URLs: " + rule);
          }
          for (String group : rule.getApiGroups()) {
            for (String resource : rule.getResources()) {
              for (String verb : rule.getVerbs()) {
                if (group.equals("*") || resource.equals("*") || verb.equals("*")) {
                  throw new AssertionError(rbacYaml + " grants a wildcard: " + rule);
                }
                permissions.add(new Permission(group, resource, verb));
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return permissions;
  }

  /** deploy/base/<service>/rbac.yaml, from the service module's directory. */
  public static Path rbacOf(String service) {
    return Path.of("../../deploy/base", service, "rbac.yaml").toAbsolutePath().normalize();
  }
}
