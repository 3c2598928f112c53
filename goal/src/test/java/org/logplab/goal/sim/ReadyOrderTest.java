package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.logplab.goal.GoalSchedule;

/**
 * The order of operations that become ready together, against its oracle: the order GNU
 * libstdc++'s {@code std::sort} (g++ 12, the compiler LogGOPSim is built with) leaves elements in
 * when it sorts them by their operation code alone. Each case is a string of codes (1 send, 2
 * receive, 3 calc) and the positions, from 0, of the elements in the order {@code std::sort} left
 * them, as this program printed them ({@code g++ -O2 sortoracle.cpp && ./sortoracle CODES...}):
 * <pre>
 * #include &lt;algorithm&gt;
 * #include &lt;vector&gt;
 * #include &lt;cstdio&gt;
 * #include &lt;string&gt;
 * struct E { char type; int index; };
 * struct Cmp { bool operator()(E x, E y) { return x.type &lt; y.type; } };
 * int main(int argc, char** argv) {
 *   for (int a = 1; a &lt; argc; a++) {
 *     std::string s = argv[a];
 *     std::vector&lt;E&gt; v;
 *     for (size_t i = 0; i &lt; s.size(); i++) v.push_back(E{(char)(s[i]-'0'), (int)i});
 *     std::sort(v.begin(), v.end(), Cmp());
 *     printf("\"%s\", \"", s.c_str());
 *     for (size_t i = 0; i &lt; v.size(); i++) printf("%s%d", i ? " " : "", v[i].index);
 *     printf("\"\n");
 *   }
 * }
 * </pre>
 */
class ReadyOrderTest {

    /** Codes, then the positions in the order std::sort left them. */
    private static final String[][] ORACLE = {
        {"12121212121212121",
            "8 16 14 12 10 0 6 4 2 7 5 9 11 3 13 15 1"},
        {"21212121212121212121",
            "1 19 17 15 13 11 9 7 5 3 8 6 10 12 4 14 16 2 18 0"},
        {"3213213213213213213",
            "2 5 17 8 11 14 1 4 7 16 10 13 18 0 15 12 9 6 3"},
        {"121212121212121212121212121212121212",
            "12 24 22 20 26 18 16 28 14 30 10 8 32 6 4 34 2 0 31 35 29 27 33 25 23 21 19 17 15 13 11 9 "
            + "7 5 3 1"},
        {"2222222222222222222211111111111111111111",
            "30 21 22 23 24 25 26 27 28 29 20 31 32 33 34 35 36 37 38 39 10 1 2 3 4 5 6 7 8 9 0 11 12 1"
            + "3 14 15 16 17 18 19"},
        {"111111111111111112222222222222222233333333333333333",
            "13 0 16 15 14 12 11 10 9 7 1 2 3 4 5 6 8 25 33 32 31 30 29 28 27 26 23 22 21 20 19 18 17 2"
            + "4 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34"},
        {"32313312122311213",
            "15 3 13 12 6 8 1 14 10 9 7 11 5 4 2 0 16"},
        {"111133232312113322",
            "1 2 3 0 13 12 10 17 16 11 8 6 9 7 14 15 5 4"},
        {"3132331322122231113211233",
            "1 21 20 6 17 16 15 10 12 22 19 13 11 9 8 3 0 14 7 18 5 4 2 23 24"},
        {"213312323232321131222223233131132",
            "1 30 4 29 27 17 14 15 32 0 24 22 21 20 19 18 13 5 7 9 11 10 8 23 12 25 26 6 28 16 3 31 2"},
        {"2311222332323322332223131232131123133223331323113232223112313211",
            "63 28 30 24 31 22 34 42 46 47 2 3 55 56 62 59 38 32 61 0 37 53 57 44 49 51 52 4 25 5 14 6 "
            + "20 15 27 19 18 9 11 50 45 12 10 54 8 7 58 60 1 13 48 16 43 17 41 40 39 36 35 33 21 23 29 2"
            + "6"},
        {"232112121223122122312223311122211123112111332133313233213213113331121312331112212132321223"
            + "1221232312",
            "55 65 61 60 26 27 58 31 32 33 86 25 36 37 39 40 41 93 45 90 49 15 8 79 66 98 12 74 70 3 6 "
            + "81 68 76 75 19 4 88 87 80 51 0 77 54 71 57 85 78 67 83 99 7 9 10 13 14 16 17 5 20 21 2 22 "
            + "96 28 29 30 34 94 38 92 44 91 50 89 97 82 84 95 48 1 11 18 23 24 35 42 43 46 47 73 52 53 5"
            + "6 59 62 63 64 69 72"},
        {"111332313111232131213223232211311133111231213232332113313313222121211322313322211331212123"
            + "223133313231221133111323323131131113312311131232131212121112231111331312333132333333112132"
            + "23223311211322231332123321111132221331113112121132322132112222222213122113131",
            "140 123 124 127 130 131 132 134 138 122 142 144 146 147 148 152 153 154 101 73 79 80 83 85"
            + " 87 93 97 155 104 105 108 109 110 117 119 120 233 217 218 219 221 222 224 226 227 214 236 "
            + "237 246 248 251 252 254 256 189 158 160 165 174 175 177 186 187 1 190 196 200 205 206 207 "
            + "208 209 7 29 17 15 63 51 52 28 19 11 10 65 31 32 9 58 38 0 2 43 41 55 37 68 36 67 33 188 1"
            + "93 26 192 42 27 183 182 180 179 176 167 161 39 150 149 71 229 250 249 5 245 244 243 242 24"
            + "1 240 239 238 235 232 231 194 225 12 223 14 18 213 212 211 21 22 204 201 24 199 64 47 84 8"
            + "6 66 88 90 91 50 128 143 99 102 103 62 61 115 60 112 135 137 45 141 76 77 78 70 145 215 13"
            + " 100 59 220 253 16 20 216 74 72 255 106 107 210 92 81 69 82 6 247 8 89 234 3 75 230 94 4 2"
            + "28 95 96 98 162 49 48 133 173 172 171 170 169 168 166 164 163 30 136 34 159 35 157 156 46 "
            + "139 151 44 40 191 23 203 202 113 114 198 197 25 195 116 57 118 111 56 121 54 53 125 185 18"
            + "4 126 181 129 178"},
        {"2222122122212222222122112211212112111212",
            "11 22 23 19 26 27 29 31 32 34 7 35 36 4 38 33 20 30 28 25 37 24 39 12 1 2 3 5 6 8 9 10 21 "
            + "13 14 15 16 17 18 0"},
        {"22212222211111111112221121221211122221112112212121122212112112211111222221222",
            "31 67 22 23 66 25 65 64 28 63 30 56 32 57 42 60 59 37 38 39 41 45 50 3 49 73 54 47 9 10 11"
            + " 12 13 14 15 16 17 18 55 53 76 58 61 62 68 69 70 71 72 74 75 0 27 1 2 4 5 6 7 8 19 20 21 2"
            + "4 26 52 29 33 34 35 36 40 43 44 46 48 51"},
    };

    @Test
    void sortsAsLibstdcxxsStdSortDoes() {
        for (String[] c : ORACLE) {
            String codes = c[0];
            GoalSchedule s = ofKinds(codes);
            int[] a = new int[codes.length()];
            Arrays.setAll(a, i -> i);
            ReadyOrder.libstdcxx(a, a.length, s);
            int[] expected = Arrays.stream(c[1].split(" ")).mapToInt(Integer::parseInt).toArray();
            assertThat(a).as(codes).containsExactly(expected);
        }
    }

    @Test
    void upToSixteenOperationsKeepTheirOrderAsTheStableSortDoes() {
        String codes = "3213213213212133";
        GoalSchedule s = ofKinds(codes);
        int[] a = new int[codes.length()];
        Arrays.setAll(a, i -> i);
        ReadyOrder.libstdcxx(a, a.length, s);
        int[] b = new int[codes.length()];
        Arrays.setAll(b, i -> i);
        ReadyOrder.stable(b, b.length, s, new int[b.length]);
        assertThat(a).containsExactly(b);
        assertThat(b).containsExactly(2, 5, 8, 11, 13, 1, 4, 7, 10, 12, 0, 3, 6, 9, 14, 15);
    }

    /** One rank whose operations have these codes, in order. */
    private static GoalSchedule ofKinds(String codes) {
        GoalSchedule.Builder b = GoalSchedule.builder();
        b.rank(0);
        for (char k : codes.toCharArray()) {
            switch (k) {
                case '1' -> b.send(null, 1, 0, 0, 0, 0);
                case '2' -> b.recv(null, 1, 0, 0, 0, 0);
                default -> b.calc(null, 0, 0);
            }
        }
        return b.build(1);
    }
}
