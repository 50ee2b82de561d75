package io.strata.remediator.core.teams;

import io.strata.loglinks.LogLinks;
import java.util.List;
import java.util.Optional;

/**
 * How cards are drawn for one deployment.
 *
 * @param buttons EXECUTE: Approve / Reject as Universal Actions (a bot); OPEN_URL: links to the
 *     console (a Workflows webhook, which cannot receive clicks)
 * @param consoleUrl the console's base URL, for the incident link; absent: no link
 * @param guards one line per execution guard, shown under the actions
 * @param logLinks the log link templates; a card carries a few of their links as buttons
 */
public record CardStyle(
    Buttons buttons, Optional<String> consoleUrl, List<String> guards, LogLinks logLinks) {

  /** What a card's decision buttons do. */
  public enum Buttons {
    EXECUTE,
    OPEN_URL
  }

  public CardStyle {
    consoleUrl = consoleUrl.map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u);
    guards = List.copyOf(guards);
    logLinks = logLinks == null ? LogLinks.none() : logLinks;
  }

  /** The console page of one incident, when a console is configured. */
  public Optional<String> incidentLink(String incidentId) {
    return consoleUrl.map(
        u ->
            u
                + "/incident.html?id="
                + java.net.URLEncoder.encode(incidentId, java.nio.charset.StandardCharsets.UTF_8));
  }
}
