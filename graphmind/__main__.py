from graphmind.cli import main

main()
