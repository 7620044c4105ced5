/* Reads Tracks game IDs, one a line, and prints Tatham's own solution
 * (tracks_solve from his tracks.c, at his strongest level) as the zoo's line: one
 * hex digit a cell, up 1, right 2, down 4, left 8, the entrance cell leading left
 * and the exit cell down, off the grid; an empty line (and a message on standard
 * error) unless his deductions complete the track. It reads the same state his
 * standalone trackssolver prints as a picture; it includes his source unchanged.
 * Built against Debian's source package as ../shared/tools/sgt-solvers.sh unpacks
 * and builds it:
 *
 *   SRC=target/sgt/src/sgt-puzzles-*
 *   gcc -O2 -w -I$SRC tracks_answers.c $SRC/nullfe.c target/sgt/obj/libcommon.a \
 *       -lm -o tracks_answers
 *   ./tracks_answers < tracks_ids.txt
 */
#include "tracks.c"

int main(void)
{
    char line[100000];
    while (fgets(line, sizeof line, stdin)) {
        char *id = line, *desc;
        line[strcspn(line, "\r\n")] = '\0';
        if (!*id || *id == '#') continue;
        desc = strchr(id, ':');
        if (!desc) { printf("\n"); fprintf(stderr, "no colon: %s\n", id); continue; }
        *desc++ = '\0';
        game_params *p = default_params();
        decode_params(p, id);
        const char *err = validate_params(p, true);
        if (!err) err = validate_desc(p, desc);
        if (err) { printf("\n"); fprintf(stderr, "%s: %s\n", id, err); continue; }
        game_state *s = new_game(NULL, p, desc);
        int w = p->w, h = p->h, x, y;
        int ret = tracks_solve(s, DIFFCOUNT, NULL);
        if (ret != 1) { printf("\n"); fprintf(stderr, "%s: tracks_solve returned %d\n", id, ret); continue; }
        for (y = 0; y < h; y++) {
            for (x = 0; x < w; x++) {
                int f = S_E_DIRS(s, x, y, E_TRACK), out = 0;
                if (x == 0 && y == s->numbers->row_s) f |= L;
                if (y == h - 1 && x == s->numbers->col_s) f |= D;
                if (f & U) out |= 1;
                if (f & R) out |= 2;
                if (f & D) out |= 4;
                if (f & L) out |= 8;
                putchar("0123456789abcdef"[out]);
            }
        }
        putchar('\n');
        free_game(s);
        free_params(p);
    }
    return 0;
}
