from jobs.kinds import ExportJob, MailJob


def main():
    ExportJob("out.csv").run([1, 2])
    MailJob().run("ab")


if __name__ == "__main__":
    main()
