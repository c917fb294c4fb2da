import contractgen.conformance.Conformance;
import contractgen.conformance.Line;
import contractgen.conformance.Price;
import contractgen.conformance.Shade;
import io.contractgen.runtime.PiiHandling;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;

/** Calls the generated Kotlin from Java (KotlinTargetTests): overloads, enums, data classes, the event's API. */
public class JavaCaller {
    public static void main(String[] args) {
        UUID id = UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6");
        Instant at = Instant.parse("2026-11-20T12:00:00.123Z");
        UUID install = UUID.fromString("0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c");
        Instant start = Instant.parse("2026-11-20T11:30:00Z");
        // @JvmOverloads: the optional fields may be left off from the end.
        Conformance.System plain = Conformance.everyType(install, start, "hello");
        if (!plain.getEventName().equals("everyType") || !plain.isValid()) throw new AssertionError("everyType");
        Line line = new Line("1234", new Price(new BigDecimal("1"), "EUR"));
        Conformance.System full = Conformance.everyType(
            install, start, "x", 1L, 0.5, new BigDecimal("0.5"), true, null, null, null, line, Arrays.asList(line), id, at);
        System.out.println(full.encodedJSON());
        Conformance.Action shaded = Conformance.shaded(install, start, Shade.DARK, 1001L, "ann@example.com", id, at);
        System.out.println(shaded.getShade().getWire() + " " + shaded.getStep() + " " + shaded.getViolations().get(0).getCode());
        System.out.println(shaded.encodedJSON(PiiHandling.REDACT));
        System.out.println(shaded.properties());
    }
}
