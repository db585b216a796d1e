import MadiApp

ContentPreload.start()
Madi.main()
