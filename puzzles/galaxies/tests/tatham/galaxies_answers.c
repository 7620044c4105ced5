/* Reads Galaxies game IDs, one a line, and prints Tatham's own solution
 * (solver_state of his galaxies.c at its strongest level, unreasonable, the
 * same call his standalone galaxiessolver makes before it prints a picture) as
 * the zoo's line: one character a cell, row by row, the index of the dot the
 * cell belongs to in base 36 (0-9, a-z, modulo 36), the dots numbered row by
 * row over the grid of cell centres, edge midpoints and corners; an empty line
 * (and a message on standard error) unless his solver finds exactly one
 * solution. It includes his source unchanged. Built against Debian's source
 * package as ../shared/tools/sgt-solvers.sh unpacks and builds it:
 *
 *   SRC=target/sgt/src/sgt-puzzles-*
 *   gcc -O2 -w -I$SRC galaxies_answers.c $SRC/nullfe.c target/sgt/obj/libcommon.a \
 *       -lm -o galaxies_answers
 *   ./galaxies_answers < galaxies_ids.txt
 */
#include "galaxies.c"

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
        int diff = solver_state(s, DIFF_UNREASONABLE);
        if (diff != DIFF_NORMAL && diff != DIFF_UNREASONABLE) {
            printf("\n"); fprintf(stderr, "%s: solver_state returned %d\n", id, diff); continue;
        }
        int *index = snewn(s->sx * s->sy, int), n = 0, x, y;
        for (y = 0; y < s->sy; y++)
            for (x = 0; x < s->sx; x++)
                index[y * s->sx + x] = (SPACE(s, x, y).flags & F_DOT) ? n++ : -1;
        for (y = 1; y < s->sy; y += 2)
            for (x = 1; x < s->sx; x += 2) {
                space *sp = &SPACE(s, x, y);
                int dot = (sp->flags & F_TILE_ASSOC) ? index[sp->doty * s->sx + sp->dotx] : -1;
                putchar(dot < 0 ? '?' : "0123456789abcdefghijklmnopqrstuvwxyz"[dot % 36]);
            }
        putchar('\n');
        sfree(index);
    }
    return 0;
}
