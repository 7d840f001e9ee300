from slovariki.cli import main

main()
