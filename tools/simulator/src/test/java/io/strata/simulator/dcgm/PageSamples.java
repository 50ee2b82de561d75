package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The sample lines of an exporter page, labels in page order, values as printed. */
final class PageSamples {

  private static final Pattern LINE =
      Pattern.compile("^([A-Z_]+)\\{(.*)\\} (-?[0-9]+(?:\\.[0-9]+)?)$");
  private static final Pattern LABEL = Pattern.compile("([A-Za-z_]+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  record Sample(String metric, Map<String, String> labels, String value) {}

  private PageSamples() {}

  static List<Sample> of(String page) {
    List<Sample> out = new ArrayList<>();
    for (String line : page.split("\n")) {
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      assertThat(m.matches()).as("line %s", line).isTrue();
      Map<String, String> labels = new LinkedHashMap<>();
      Matcher l = LABEL.matcher(m.group(2));
      while (l.find()) {
        labels.put(l.group(1), l.group(2));
      }
      out.add(new Sample(m.group(1), labels, m.group(3)));
    }
    return out;
  }

  /** The one line of {@code metric} for the GPU {@code uuid}, if the page has it. */
  static Optional<Sample> line(List<Sample> samples, String metric, String uuid) {
    List<Sample> found =
        samples.stream()
            .filter(s -> s.metric().equals(metric))
            .filter(s -> uuid.equals(s.labels().get("UUID")))
            .toList();
    assertThat(found.size()).as("lines of %s for %s", metric, uuid).isLessThanOrEqualTo(1);
    return found.stream().findFirst();
  }
}
