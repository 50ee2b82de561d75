package io.strata.deviceingest.scrape;

import java.net.URI;

/**
 * One dcgm-exporter /metrics endpoint.
 *
 * @param url the full URL scraped
 * @param node the Kubernetes node it runs on when discovery knows it, else null
 */
public record ScrapeTarget(String url, String node) {

  public ScrapeTarget {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("a scrape target needs a URL");
    }
    URI.create(url);
    node = node == null || node.isBlank() ? null : node;
  }

  public static ScrapeTarget of(String url) {
    return new ScrapeTarget(url, null);
  }

  /** The node to report when the exporter has no hostname label: the known node, else the host. */
  public String fallbackNode() {
    if (node != null) {
      return node;
    }
    String host = URI.create(url).getHost();
    return host == null ? url : host;
  }
}
