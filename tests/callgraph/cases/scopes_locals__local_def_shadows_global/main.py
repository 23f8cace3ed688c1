from report.render import render_csv, render_table

ROWS = [(1, "apple"), (2, "pear")]


def main():
    print(render_table(ROWS))
    print(render_csv(ROWS))


if __name__ == "__main__":
    main()
