import output


def main():
    output.emit("hello")
    output.use_fancy()
    output.emit("world")


main()
