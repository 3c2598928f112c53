package org.logplab.bench.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One set of rows, three forms: the text table, JSON Lines and CSV. */
class OutputTest {
    private final StringWriter text = new StringWriter();
    private final List<Map<String, Object>> printedJson = new ArrayList<>();

    private Output output(Output.Format format) {
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("version", "1.0");
        return new Output(format, new PrintWriter(text, true), printedJson::add, provenance);
    }

    /** Two rows of different fields, a line between two tables, a summary shown as a sentence. */
    private void addRows(Output o) {
        Output.Table t = o.table(Column.of("name", "name"), Column.of("x", "x", "%.2f"), Column.yesNo("ok", "ok"));
        t.add(new Row().put("name", "a,b").put("x", 1.0).put("ok", true).show("hidden", "not in JSON"));
        o.line("a legend");
        Output.Table u = o.table(Column.of("name", "name"), Column.of("note", "note"));
        u.add(new Row().put("name", "say \"hi\"").put("note", null).put("list", List.of(1, 2)));
        o.record(new Row().put("summary", true), "summary: done");
    }

    @Test
    void textIsTheTablesAndLinesInTheOrderTheyWereMade() {
        Output o = output(Output.Format.TEXT);
        addRows(o);
        assertThat(printedJson).isEmpty();
        assertThat(text.toString()).isEmpty(); // nothing before the command ends
        o.finish();
        assertThat(text.toString().lines().toList()).containsExactly(
                "name  x     ok",
                "----  ----  ---",
                "a,b   1.00  yes",
                "a legend",
                "name      note",
                "--------  ----",
                "say \"hi\"  -",
                "summary: done");
    }

    @Test
    void jsonIsEveryRowAsItComesAndNoLineForPeople() {
        Output o = output(Output.Format.JSON);
        Output.Table t = o.table(Column.of("name", "name"));
        t.add(new Row().put("name", "first").put("n", 1).show("label", "people only"));
        assertThat(printedJson).hasSize(1); // printed at once, before the command ends
        addRows(o);
        o.finish();
        assertThat(text.toString()).isEmpty();
        assertThat(printedJson).hasSize(4);
        assertThat(printedJson.get(0)).containsExactly(Map.entry("name", "first"), Map.entry("n", 1));
        assertThat(printedJson.get(2).keySet()).containsExactly("name", "note", "list");
        assertThat(printedJson.get(3)).containsExactly(Map.entry("summary", true));
    }

    @Test
    void csvHasOneHeaderOfEveryFieldThenOneQuotedLinePerRow() {
        Output o = output(Output.Format.CSV);
        addRows(o);
        assertThat(text.toString()).isEmpty();
        o.finish();
        // RFC 4180 by hand: a cell with a comma or a quote is quoted, quotes doubled; null and
        // a missing field are empty; a list is its JSON text; the provenance object comes last.
        assertThat(text.toString().lines().toList()).containsExactly(
                "name,x,ok,note,list,summary,provenance",
                "\"a,b\",1.0,true,,,,\"{\"\"version\"\":\"\"1.0\"\"}\"",
                "\"say \"\"hi\"\"\",,,,\"[1,2]\",,\"{\"\"version\"\":\"\"1.0\"\"}\"",
                ",,,,,true,\"{\"\"version\"\":\"\"1.0\"\"}\"");
        assertThat(printedJson).isEmpty();
    }

    @Test
    void aCellWithALineBreakIsQuoted() {
        assertThat(Output.Csv.quote("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(Output.Csv.quote("plain")).isEqualTo("plain");
        assertThat(Output.Csv.cell(null)).isEmpty();
        assertThat(Output.Csv.cell(2.5)).isEqualTo("2.5");
    }
}
